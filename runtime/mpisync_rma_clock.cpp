// Vector clocks of windows and their exchange (mpisync_rma_clock.h).
#include "mpisync_rma_clock.h"
#include "mpisync_alloc.h"
#include "mpisync_scratch.h"

#include "mpisync_rma_transport.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {
u64 lseq = 1;

// The channel's clock joined or departed: its windows' snapshots are
// stale, and records made before now are not continued by later
// operations (Window::last_ordering_lseq).
void NoteOrderingEvent(WinChannel *c) {
  for (uptr i = 0; i < NumWindows(); i++) {
    Window *w = WindowAt(i);
    if (w->channel != c)
      continue;
    w->current_vc = ~(uptr)0;
    w->last_ordering_lseq = Lseq();
  }
}
} // namespace

u64 *DepartingChannel(WinChannel *c) {
  LseqTick();
  c->vc[c->rank] = Lseq();
  for (uptr i = 0; i < NumWindows(); i++) {
    Window *w = WindowAt(i);
    if (w->channel == c)
      Rearm(w);
  }
  NoteOrderingEvent(c);
  // What this process does from now on is not what the departing clock
  // orders before the receiver: a store right after an MPI_Send is
  // concurrent with the Put the receiver makes when the message arrives.
  // The callers send or reduce the clock before anything else reads it.
  LseqTick();
  return c->vc;
}

u64 *Departing(Window *w) { return DepartingChannel(w->channel); }

u64 Lseq() { return lseq; }
u64 LseqTick() { return ++lseq; }

uptr CurrentClock(Window *w) {
  // A snapshot is read for the other members' entries only (one process's
  // own records are ordered by lseq), and those change only where the
  // clock joins another or departs (NoteOrderingEvent): the operations and
  // accesses in between share one snapshot, not one of O(members) each
  // (bench/'s bfs_rma: 10^5 operations per epoch).
  if (w->current_vc != ~(uptr)0)
    return w->current_vc;
  w->vc[w->rank] = Lseq();
  w->current_vc = w->clock_pool.size();
  for (int i = 0; i < w->size; i++)
    w->clock_pool.push_back(w->vc[i]);
  return w->current_vc;
}

void JoinChannelClock(WinChannel *c, const u64 *other) {
  for (int i = 0; i < c->size; i++)
    if (i != c->rank && other[i] > c->vc[i])
      c->vc[i] = other[i];
  LseqTick();
  NoteOrderingEvent(c); // every window's snapshot is now stale
}

void JoinClock(Window *w, const u64 *other) {
  JoinChannelClock(w->channel, other);
}

void ClockAllreduce(Window *w) {
  u64 *mine = Departing(w);
  ScratchVector<u64> all(w->size);
  PMPI_Allreduce(mine, all.data(), w->size, MPI_UINT64_T, MPI_MAX, w->comm);
  JoinClock(w, all.data());
}

void ClockSend(Window *w, int to, int tag) {
  u64 *mine = Departing(w);
  SendBytes(w, to, tag, mine, sizeof(u64) * w->size);
}

void ClockRecv(Window *w, int from, int tag) {
  ScratchVector<u64> theirs(w->size);
  PMPI_Recv(theirs.data(), (int)(sizeof(u64) * w->size), MPI_BYTE, from,
            WinTag(w, tag), w->comm, MPI_STATUS_IGNORE);
  JoinClock(w, theirs.data());
}

// Member t's clock memory: [exclusive unlockers | shared unlockers].
void ReadLockClock(Window *w, int target, bool exclusive) {
  MPI_Win clocks = w->channel->clock_win;
  if (clocks == MPI_WIN_NULL || !w->clock_addr)
    return;
  ScratchVector<u64> slots(2 * w->size);
  int n = exclusive ? 2 * w->size : w->size;
  PMPI_Win_lock(MPI_LOCK_SHARED, target, 0, clocks);
  PMPI_Get_accumulate(nullptr, 0, MPI_UINT64_T, slots.data(), n, MPI_UINT64_T,
                      target, w->clock_addr[target], n, MPI_UINT64_T, MPI_NO_OP,
                      clocks);
  PMPI_Win_unlock(target, clocks);
  JoinClock(w, slots.data());
  if (exclusive)
    JoinClock(w, slots.data() + w->size);
}

void PublishLockClock(Window *w, int target, bool exclusive) {
  MPI_Win clocks = w->channel->clock_win;
  if (clocks == MPI_WIN_NULL || !w->clock_addr)
    return;
  u64 *mine = Departing(w);
  MPI_Aint slot = w->clock_addr[target] +
                  (exclusive ? 0 : (MPI_Aint)(sizeof(u64) * w->size));
  PMPI_Win_lock(MPI_LOCK_SHARED, target, 0, clocks);
  PMPI_Accumulate(mine, w->size, MPI_UINT64_T, target, slot, w->size,
                  MPI_UINT64_T, MPI_MAX, clocks);
  PMPI_Win_unlock(target, clocks);
}

void SetUpClocks(Window *w) {
  w->vc = w->channel->vc;
  MPI_Win clocks = w->channel->clock_win;
  uptr bytes = 2 * sizeof(u64) * w->size;
  w->clock_mem = static_cast<u64 *>(RuntimeAlloc(bytes));
  internal_memset(w->clock_mem, 0, bytes);
  MPI_Aint mine = 0;
  int ok =
      clocks != MPI_WIN_NULL &&
      PMPI_Win_attach(clocks, w->clock_mem, (MPI_Aint)bytes) == MPI_SUCCESS;
  if (ok)
    PMPI_Get_address(w->clock_mem, &mine);
  // Every member zeroed and attached its clocks before anyone reads them;
  // one member without them turns the lock clocks off on all.
  int all_ok = 0;
  PMPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, w->comm);
  w->clock_addr =
      static_cast<MPI_Aint *>(RuntimeAlloc(sizeof(MPI_Aint) * w->size));
  PMPI_Allgather(&mine, 1, MPI_AINT, w->clock_addr, 1, MPI_AINT, w->comm);
  if (!all_ok) {
    RuntimeFree(w->clock_addr);
    w->clock_addr = nullptr;
  }
  if (ok && !all_ok)
    PMPI_Win_detach(clocks, w->clock_mem);
  if (!ok || !all_ok) {
    RuntimeFree(w->clock_mem);
    w->clock_mem = nullptr;
  }
}

void TearDownClocks(Window *w) {
  if (w->clock_mem) {
    PMPI_Win_detach(w->channel->clock_win, w->clock_mem);
    RuntimeFree(w->clock_mem);
  }
  RuntimeFree(w->clock_addr);
  w->clock_mem = nullptr;
  w->clock_addr = nullptr;
}

} // namespace mpisync
