// Vector clocks of windows and their exchange (mpisync_rma_clock.h).
#include "mpisync_scratch.h"
#include "mpisync_rma_clock.h"

#include "mpisync_rma_transport.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {
u64 lseq = 1;
} // namespace

u64 *Departing(Window *w) {
  LseqTick();
  w->vc[w->rank] = Lseq();
  w->current_vc = ~(uptr)0;
  Rearm(w);
  return w->vc;
}

u64 Lseq() { return lseq; }
u64 LseqTick() { return ++lseq; }

uptr CurrentClock(Window *w) {
  w->vc[w->rank] = Lseq();
  if (w->current_vc != ~(uptr)0 &&
      w->clock_pool[w->current_vc + w->rank] == Lseq())
    return w->current_vc;
  w->current_vc = w->clock_pool.size();
  for (int i = 0; i < w->size; i++)
    w->clock_pool.push_back(w->vc[i]);
  return w->current_vc;
}

void JoinClock(Window *w, const u64 *other) {
  for (int i = 0; i < w->size; i++)
    if (i != w->rank && other[i] > w->vc[i])
      w->vc[i] = other[i];
  w->current_vc = ~(uptr)0;
  LseqTick();
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
  PMPI_Recv(theirs.data(), (int)(sizeof(u64) * w->size), MPI_BYTE, from, tag,
            w->comm, MPI_STATUS_IGNORE);
  JoinClock(w, theirs.data());
}

// Member t's clock memory: [exclusive unlockers | shared unlockers].
void ReadLockClock(Window *w, int target, bool exclusive) {
  if (w->clock_win == MPI_WIN_NULL)
    return;
  ScratchVector<u64> slots(2 * w->size);
  int n = exclusive ? 2 * w->size : w->size;
  PMPI_Win_lock(MPI_LOCK_SHARED, target, 0, w->clock_win);
  PMPI_Get_accumulate(nullptr, 0, MPI_UINT64_T, slots.data(), n,
                      MPI_UINT64_T, target, 0, n, MPI_UINT64_T, MPI_NO_OP,
                      w->clock_win);
  PMPI_Win_unlock(target, w->clock_win);
  JoinClock(w, slots.data());
  if (exclusive)
    JoinClock(w, slots.data() + w->size);
}

void PublishLockClock(Window *w, int target, bool exclusive) {
  if (w->clock_win == MPI_WIN_NULL)
    return;
  u64 *mine = Departing(w);
  PMPI_Win_lock(MPI_LOCK_SHARED, target, 0, w->clock_win);
  PMPI_Accumulate(mine, w->size, MPI_UINT64_T, target,
                  exclusive ? 0 : w->size, w->size, MPI_UINT64_T, MPI_MAX,
                  w->clock_win);
  PMPI_Win_unlock(target, w->clock_win);
}

void SetUpClocks(Window *w) {
  w->vc = static_cast<u64 *>(InternalAlloc(sizeof(u64) * w->size));
  internal_memset(w->vc, 0, sizeof(u64) * w->size);
  MPI_Aint bytes = 2 * sizeof(u64) * w->size;
  if (PMPI_Win_allocate(bytes, sizeof(u64), MPI_INFO_NULL, w->comm,
                        &w->clock_mem, &w->clock_win) != MPI_SUCCESS) {
    w->clock_win = MPI_WIN_NULL;
    return;
  }
  internal_memset(w->clock_mem, 0, bytes);
  // Nobody reads the clocks before every member has zeroed its own.
  PMPI_Barrier(w->comm);
}

void TearDownClocks(Window *w) {
  if (w->clock_win != MPI_WIN_NULL)
    PMPI_Win_free(&w->clock_win);
}

} // namespace mpisync
