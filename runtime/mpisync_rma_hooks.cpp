// Semantics of the one-sided calls (MPI 4.1 chapter 12): windows, epochs,
// the origin and result buffers of RMA operations, and when the access
// records of window memory are exchanged and checked.
//
// Origin and result buffers are pending operations like a send's and a
// receive's (mpisync_pending.h): released by the synchronization that
// completes the operation locally (flush_local, flush, unlock, fence,
// complete) or by the request of the R* variants. Window memory is watched
// for the whole life of the window: its loads and stores are recorded, as
// is the target side of every operation, and the owner of the memory
// checks them pairwise when the records reach it: at a fence, at the end
// of an exposure epoch (MPI_Win_wait/test), and, for passive target, when
// the window is freed.
#include "mpisync_alloc.h"
#include "mpisync_rma.h"
#include "mpisync_rma_call_names.h"
#include "mpisync_scratch.h"

#include "clone/clone_state.h"
#include "mpisync/buffer_rules.h"
#include "mpisync_flags.h"
#include "mpisync_mpi_hooks.h"
#include "mpisync_pending.h"
#include "mpisync_report_rma.h"
#include "mpisync_rma_clock.h"
#include "mpisync_rma_records.h"
#include "mpisync_rma_transport.h"
#include "mpisync_rtl.h"
#include "mpisync_sampling.h"
#include "mpisync_stack.h"
#include "mpisync_thread_level.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "threads/unordered_buffers.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Completed R* requests whose records are complete at the target, waiting
// for the RMA mutex (taken after StateMutex would invert the lock order).
struct CompletedRequest {
  MPI_Win win;
  int target;
  u64 start, end;
  const char *call;
  u32 stack;
};
InternalMmapVectorNoCtor<CompletedRequest> completed_requests;

void ApplyCompletedRequests() {
  ScratchVector<CompletedRequest> todo;
  {
    StateLock lock(&StateMutex());
    for (uptr i = 0; i < completed_requests.size(); i++)
      todo.push_back(completed_requests[i]);
    completed_requests.clear();
  }
  for (uptr i = 0; i < todo.size(); i++)
    if (Window *w = FindWindow(todo[i].win))
      CompleteRequestOperation(w, todo[i].target, todo[i].start, todo[i].end,
                               todo[i].call, todo[i].stack);
}

// Window::lock entries.
enum : u8 { kLockShared = 1, kLockExclusive = 2, kLockNoCheck = 4 };

// The origin/result buffers of the operation being started by this thread.
THREADLOCAL PendingOp *starting_rma_op;
// ... or the earlier operation it continued (ContinueRmaOp).
THREADLOCAL RmaContinuation starting_rma_continuation;

// Releases the origin and result buffers of operations of `w` to `target`
// (-1: all targets): completed locally by `stack`.
void CompleteLocally(Window *w, int target, u32 stack) {
  StateLock lock(&StateMutex());
  ScratchVector<PendingOp *> done;
  CollectActiveRmaOps(w->handle, target, &done);
  MpiCall *call = CurrentMpiCall();
  for (uptr i = 0; i < done.size(); i++)
    threads::NoteCompleted(*done[i], call ? call->name() : "MPI", stack);
  DeactivateOps(done.data(), done.size());
  for (uptr i = 0; i < done.size(); i++) {
    PendingOp *op = done[i];
    if (op->request != MPI_REQUEST_NULL)
      op->complete_stack = stack; // an R* request: the buffers are free,
                                  // the request still has to be completed
    else
      DestroyOp(op);
  }
}

void TranslateGroup(Window *w, MPI_Group group,
                    InternalMmapVector<int> *members) {
  members->clear();
  int n = 0;
  if (group == MPI_GROUP_NULL || PMPI_Group_size(group, &n) != MPI_SUCCESS ||
      n <= 0)
    return;
  ScratchVector<int> in(n), out(n);
  for (int i = 0; i < n; i++)
    in[i] = i;
  if (PMPI_Group_translate_ranks(group, n, in.data(), w->group, out.data()) !=
      MPI_SUCCESS)
    return;
  for (int i = 0; i < n; i++)
    if (out[i] != MPI_UNDEFINED)
      members->push_back(out[i]);
}

bool InGroup(const InternalMmapVector<int> &group, int rank) {
  for (uptr i = 0; i < group.size(); i++)
    if (group[i] == rank)
      return true;
  return false;
}

bool AnyLock(const Window *w) { return w->lock_all || w->locks_held != 0; }

bool ValidTarget(const Window *w, int t) { return t >= 0 && t < w->size; }

// Whether the operation of `a` may join the operation before it
// (ContinueRmaOp), and if so whether only one to the same target: without
// a request; with MPI calls of one thread at a time (under
// MPI_THREAD_MULTIPLE another thread's synchronization may complete the
// earlier one meanwhile); not under amplify, which issues the operations
// itself. In a fence epoch or a PSCW access epoch and no other, the next
// fence or MPI_Win_complete completes every operation at once whatever its
// target; with a lock held, MPI_Win_flush(_local) and MPI_Win_unlock
// complete one target's: there only operations to the same target join.
bool MayContinue(const Window *w, const RmaOpArgs &a, bool *same_target) {
  if (a.with_request || ConcurrentMpiCalls() || flags()->amplify)
    return false;
  *same_target = w->fence_open == w->start_open || AnyLock(w);
  return true;
}

// sample_ops: whether this operation is tracked. One not drawn had its
// epoch checked (the check needs no record) and is let through: no origin
// or result buffer pending, no record at the target, so nothing it takes
// part in is reported and it orders nothing (a record that continues an
// earlier one across it is exact: ContinuedOperation). One with a request
// is always tracked where threads call MPI at once: its handle would need
// a stand-in in the request map, as an untracked Isend's does there.
bool SampleRmaOperation(const RmaOpArgs &a) {
  if (!SamplingOn() || (a.with_request && UntrackedNeedStandIns()))
    return true;
  return SampleOperation();
}

void Misuse(MpiCall &call, const char *fmt, int arg = -1,
            const Window *w = nullptr) {
  char what[256];
  internal_snprintf(what, sizeof(what), fmt, arg);
  ReportRmaMisuse(call.name(), call.Stack(), what,
                  w ? w->create_stack : 0,
                  w ? "The window was created here:" : nullptr);
}

// The target holds the lock once this returns: MPICH acquires locks lazily
// (at the first operation or the unlock), and the clock of the last
// unlocker must be read after the acquisition, not before.
void AcquireAndJoin(Window *w, int target, bool exclusive) {
  PMPI_Win_flush(target, w->handle);
  ReadLockClock(w, target, exclusive);
}

void WatchMemory(Window *w, bool watch) {
  // Unwatched, the window's loads and stores stay on the inline fast path.
  if (!flags()->rma_target_checks)
    return;
  ForEachMappedPiece(w, [&](int, uptr base, uptr bytes, uptr) {
    if (watch)
      WatchRegion(w, base, base + bytes);
    else
      UnwatchRegion(w, base, base + bytes);
  });
}

// Joins every clock that arrived ahead of a message on channel `c`: one
// per program message, however many windows the group has (they share the
// clock). A retiring window's last drain joins them too: only order.
void TakeMessageClocks(WinChannel *c) {
  for (;;) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, kChannelClockTag, c->comm, &flag, &st);
    if (!flag)
      return;
    ScratchVector<u64> theirs(c->size);
    PMPI_Recv(theirs.data(), (int)(sizeof(u64) * c->size), MPI_BYTE,
              st.MPI_SOURCE, kChannelClockTag, c->comm, MPI_STATUS_IGNORE);
    JoinChannelClock(c, theirs.data());
  }
}

// The members of `comm` as ranks of MPI_COMM_WORLD (intracommunicators).
int WorldRankIn(MPI_Comm comm, int rank) {
  int inter = 0;
  if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
    return -1;
  MPI_Group group, world;
  PMPI_Comm_group(comm, &group);
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  int out = MPI_UNDEFINED;
  PMPI_Group_translate_ranks(group, 1, &rank, world, &out);
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
  return out == MPI_UNDEFINED ? -1 : out;
}

// MPI 4.1 12.5.5: the assertions of MPI_Win_fence are promises about the
// epoch that ends (NOPRECEDE, NOSTORE) or begins (NOPUT); a broken promise
// lets MPI skip work the program needed.
void CheckFenceAsserts(Window *w, MpiCall &call, int flags) {
  if (flags & MPI_MODE_NOPRECEDE) {
    if (const RmaRecord *op = OldestUncompletedOperation(w))
      ReportRmaMisuse(call.name(), call.Stack(),
                      "MPI_MODE_NOPRECEDE asserted, but this process "
                      "issued an RMA operation since the previous fence, "
                      "which this fence must complete",
                      op->stack, "The operation was issued here:");
  }
  if (flags & MPI_MODE_NOSTORE) {
    for (uptr i = 0; i < w->local.size(); i++) {
      const RmaRecord &r = w->local[i];
      if (!r.is_op && r.kind == RmaRecord::kWrite && r.accessor == w->rank) {
        ReportRmaMisuse(call.name(), call.Stack(),
                        "MPI_MODE_NOSTORE asserted, but this process stored "
                        "to its window memory since the previous "
                        "synchronization",
                        r.stack, "The store was here:");
        break;
      }
    }
  }
}

void CheckNoPut(Window *w, MpiCall &call) {
  for (uptr i = 0; i < w->local.size(); i++) {
    const RmaRecord &r = w->local[i];
    if (r.is_op && r.kind != RmaRecord::kRead && !r.atomic_read) {
      const char *op_name = CallName(r.call_id);
      char what[200];
      internal_snprintf(what, sizeof(what),
                        "the previous fence asserted MPI_MODE_NOPUT, but %s "
                        "on rank %d updated this process's window memory in "
                        "the epoch",
                        op_name ? op_name : "an RMA operation",
                        w->world_ranks[r.accessor]);
      ReportRmaMisuse(call.name(), call.Stack(), what, r.stack,
                      "The operation was issued here:");
      return;
    }
  }
}

// MPI 4.1 12.5.1: MPI_Win_fence is collective. Members that call it a
// different number of times hang in MPI, one in a fence and another in
// MPI_Win_free (or MPI_Finalize). Before either call enters MPI the members
// compare how many fences each made and which of the two calls it is in; on
// a mismatch each reports the state of every member and stops the job
// rather than hang.
void AgreeOnFences(Window *w, MpiCall &call, bool freeing) {
  long mine[2] = {(long)w->fences, freeing ? 1L : 0L};
  ScratchVector<long> all(2 * w->size);
  PMPI_Allgather(mine, 2, MPI_LONG, all.data(), 2, MPI_LONG, w->comm);
  bool same = true;
  for (int r = 0; r < w->size; r++)
    same &= all[2 * r] == mine[0] && all[2 * r + 1] == mine[1];
  if (same)
    return;
  InternalScopedString what;
  what.Append("the members of the window call MPI_Win_fence a different "
              "number of times, and the job would hang here:");
  constexpr int kShown = 16;
  for (int r = 0; r < w->size && r < kShown; r++)
    what.AppendF(
        "%s rank %d is in %s after %ld fences", r ? ";" : "", w->world_ranks[r],
        all[2 * r + 1] ? "MPI_Win_free or MPI_Finalize" : "MPI_Win_fence",
        all[2 * r]);
  if (w->size > kShown)
    what.Append("; ...");
  ReportRmaMisuse(call.name(), call.Stack(), what.data(), w->create_stack,
                  "The window was created here:");
  // Every member found the mismatch in the same exchange: none stops the
  // job before the others have written their reports.
  PMPI_Barrier(w->comm);
  Report("ABORTING: the job would hang in mismatched MPI_Win_fence "
         "calls\n");
  Die();
}

// The last exchange and check of a window, collective over its members.
void RetireWindow(Window *w, MpiCall &call) {
  AgreeOnFences(w, call, /*freeing=*/true);
  u32 stack = call.Stack();
  if (w->start_open || w->post_open || AnyLock(w))
    Misuse(call,
           "the window is freed while an access or exposure epoch is still "
           "open (MPI 4.1 12.2.5: MPI_Win_free requires every epoch to be "
           "closed)",
           -1, w);
  LseqTick();
  CompleteOperations(w, -1, call.name(), stack);
  CompleteLocally(w, -1, stack);
  SendRecords(w, -1, kTagPassiveRecords, false);
  DrainRecords(w, /*final=*/true);
  CheckConflicts(w);
  WaitSends(w);
  // Every member has received what it was sent before anyone frees.
  PMPI_Barrier(w->comm);
  TakeMessageClocks(w->channel);
  WatchMemory(w, false);
  TearDownClocks(w);
  PMPI_Group_free(&w->group);
  ReleaseChannel(w->channel);
  DeleteWindow(w);
}

} // namespace

void OnWinCreate(MpiCall &call, int rc, WinKind kind, void *base,
                 MPI_Aint size, MPI_Aint disp_unit, MPI_Comm comm,
                 const MPI_Win *win) {
  // A clone's window is its parent's handle, never given to MPI: the
  // parent alone tracks epochs and records (clone/clone_rma.h).
  if (rc != MPI_SUCCESS || !win || *win == MPI_WIN_NULL || clone::IsClone())
    return;
  RmaLock lock;
  Window *w = NewWindow(*win);
  w->kind = kind;
  w->create_call = call.name();
  w->create_stack = call.Stack();
  PMPI_Comm_rank(comm, &w->rank);
  PMPI_Comm_size(comm, &w->size);
  PMPI_Comm_group(comm, &w->group);
  int n = w->size;
  w->world_ranks = static_cast<int *>(RuntimeAlloc(sizeof(int) * n));
  ScratchVector<int> ranks(n);
  for (int i = 0; i < n; i++)
    ranks[i] = i;
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  PMPI_Group_translate_ranks(w->group, n, ranks.data(), world,
                             w->world_ranks);
  PMPI_Group_free(&world);
  u64 serial = 0;
  w->channel = AcquireChannel(comm, w->world_ranks, n, &serial);
  w->comm = w->channel->comm;
  w->serial = serial;
  w->tag_base = WindowTagBase(serial);
  w->disp_unit = static_cast<MPI_Aint *>(RuntimeAlloc(sizeof(MPI_Aint) * n));
  MPI_Aint mine = kind == WinKind::kDynamic ? 1 : disp_unit;
  PMPI_Allgather(&mine, 1, MPI_AINT, w->disp_unit, 1, MPI_AINT, w->comm);
  w->lock = static_cast<u8 *>(RuntimeAlloc(n));
  internal_memset(w->lock, 0, n);
  w->locks_held = 0;
  w->clock_joined = static_cast<bool *>(RuntimeAlloc(n));
  internal_memset(w->clock_joined, 0, n);
  w->sent_records_msgs = static_cast<u64 *>(RuntimeAlloc(sizeof(u64) * n));
  internal_memset(w->sent_records_msgs, 0, sizeof(u64) * n);
  switch (kind) {
  case WinKind::kCreate:
    w->base = (uptr)base;
    w->bytes = size > 0 ? (uptr)size : 0;
    break;
  case WinKind::kAllocate:
    w->base = base ? *(uptr *)base : 0;
    w->bytes = size > 0 ? (uptr)size : 0;
    break;
  case WinKind::kShared:
    w->shared_base = static_cast<uptr *>(RuntimeAlloc(sizeof(uptr) * n));
    w->shared_bytes = static_cast<uptr *>(RuntimeAlloc(sizeof(uptr) * n));
    for (int r = 0; r < n; r++) {
      MPI_Aint bytes = 0;
      int unit = 0;
      void *ptr = nullptr;
      PMPI_Win_shared_query(*win, r, &bytes, &unit, &ptr);
      w->shared_base[r] = (uptr)ptr;
      w->shared_bytes[r] = bytes > 0 ? (uptr)bytes : 0;
    }
    w->base = w->shared_base[w->rank];
    w->bytes = w->shared_bytes[w->rank];
    break;
  case WinKind::kDynamic:
    break;
  }
  SetUpClocks(w);
  WatchMemory(w, true);
}

void OnWinAttach(MpiCall &call, int rc, MPI_Win win, void *base,
                 MPI_Aint size) {
  if (rc != MPI_SUCCESS || size <= 0)
    return;
  RmaLock lock;
  Window *w = FindWindow(win);
  if (!w || w->kind != WinKind::kDynamic)
    return;
  w->attached.push_back({(uptr)base, (uptr)base + (uptr)size, call.Stack()});
  WatchRegion(w, (uptr)base, (uptr)base + (uptr)size);
}

void BeforeWinDetach(MpiCall &, MPI_Win win, const void *base) {
  RmaLock lock;
  Window *w = FindWindow(win);
  if (!w)
    return;
  for (uptr k = 0; k < w->attached.size(); k++) {
    if (w->attached[k].lo != (uptr)base)
      continue;
    Rearm(w); // dirty granules are set again, then cleared with the rest
    UnwatchRegion(w, w->attached[k].lo, w->attached[k].hi);
    w->attached[k] = w->attached.back();
    w->attached.pop_back();
    break;
  }
}

void BeforeWinFree(MpiCall &call, const MPI_Win *win) {
  if (!win)
    return;
  RmaLock lock;
  if (Window *w = FindWindow(*win))
    RetireWindow(w, call);
}

void CheckWindowMemoryRelease(uptr begin, uptr end, bool is_stack,
                              const char *how, uptr pc, uptr bp) {
  if (!AnyWindows())
    return;
  BufferRule rule =
      RuleFor(BufferRole::kWindow,
              is_stack ? BufferAccess::kScopeExit : BufferAccess::kFree);
  if (rule.outcome != RuleOutcome::kError || !RmaLock::MayEnter())
    return;
  RmaLock lock;
  u32 stack = 0;
  // Released memory is no longer the window's: unwatched, so what the
  // allocator puts there next is not recorded as window accesses.
  // attach_stack: where a dynamic window's region was attached, else 0.
  auto release = [&](Window *w, uptr lo, uptr hi, u32 attach_stack) {
    if (hi <= begin || end <= lo)
      return false;
    if (!stack)
      stack = CaptureStack(pc, bp, /*fast=*/false);
    ReportWindowMemoryReleased(rule.kind, how, lo > begin ? lo : begin,
                               hi < end ? hi : end, stack, *w, attach_stack);
    UnwatchRegion(w, lo, hi);
    return true;
  };
  for (uptr i = 0; i < NumWindows(); i++) {
    Window *w = WindowAt(i);
    // The program's own memory; MPI_Win_allocate's is MPI's to release.
    if (w->kind == WinKind::kCreate) {
      if (release(w, w->base, w->base + w->bytes, 0))
        w->bytes = 0;
    } else if (w->kind == WinKind::kDynamic) {
      uptr k = 0;
      for (uptr j = 0; j < w->attached.size(); j++)
        if (!release(w, w->attached[j].lo, w->attached[j].hi,
                     w->attached[j].attach_stack))
          w->attached[k++] = w->attached[j];
      w->attached.resize(k);
    }
  }
}

void FinalizeWindows(MpiCall &call) {
  RmaLock lock;
  while (NumWindows() > 0)
    RetireWindow(WindowAt(0), call);
}

// MPI 4.1 12.5.1: a fence without MPI_MODE_NOSUCCEED starts an epoch when
// RMA calls follow it before another fence; a passive-target epoch may not
// overlap it. Whether the fence started one is known at the next fence, so
// a lock taken after such a fence is remembered and reported there, unless
// that fence asserts MPI_MODE_NOPRECEDE: then the program states that the
// fence before started no epoch (the RMA calls in between were the
// passive-target epoch's; MPICH's rma/fence_shm does this), and a false
// assertion is CheckFenceAsserts' to report.
static void NoteLockInFence(Window *w, MpiCall &call) {
  if (!w->fence_open || w->lock_in_fence_stack)
    return;
  w->lock_in_fence_stack = call.Stack();
  w->lock_in_fence_call = call.name();
}

static void CheckLockInFence(Window *w, MpiCall &call, int assert_flags) {
  if (w->lock_in_fence_stack && w->ops_since_fence > 0 &&
      !(assert_flags & MPI_MODE_NOPRECEDE))
    ReportRmaMisuse(
        w->lock_in_fence_call, w->lock_in_fence_stack,
        "passive target epoch inside a fence epoch: the MPI_Win_fence before "
        "it did not assert MPI_MODE_NOSUCCEED, and RMA calls up to the next "
        "fence make that an epoch (MPI 4.1 12.5.1); end it with "
        "MPI_Win_fence(MPI_MODE_NOSUCCEED) before locking",
        call.Stack(), "The fence epoch ends at this MPI_Win_fence:");
  w->lock_in_fence_stack = 0;
  w->ops_since_fence = 0;
}

// An origin or result buffer in window memory (of any window) is read or
// written by the library while the operation is pending: recorded like a
// load or store at the call, so another process's RMA on that memory in the
// same epoch conflicts with it. Under RmaMutex and StateMutex.
static void RecordBuffersInWindows(const PendingOp &op) {
  for (uptr b = 0; b < op.num_buffers; b++) {
    const PendingBuffer &buf = op.buffers[b];
    if (!buf.map)
      continue;
    bool is_write = LibraryWrites(buf.role);
    ForEachSegment(*buf.map, buf.base, buf.count, [&](uptr lo, uptr hi) {
      ForEachWindowPiece(
          lo, hi,
          [&](Window *w, int owner, uptr offset, uptr piece_lo, uptr piece_hi) {
            RecordBufferInWindow(w, owner, offset,
                                 offset + (piece_hi - piece_lo), is_write,
                                 op.call, op.start_stack);
          });
    });
  }
}

void BeforeWinSync(MpiCall &call, const WinSyncArgs &a) {
  RmaLock lock;
  Window *w = FindWindow(a.win);
  if (!w)
    return;
  switch (a.what) {
  case WinSync::kFence:
    AgreeOnFences(w, call, /*freeing=*/false);
    w->fences++;
    CheckFenceAsserts(w, call, a.assert_flags);
    CheckLockInFence(w, call, a.assert_flags);
    if (w->start_open || w->post_open)
      Misuse(call, "MPI_Win_fence while a PSCW epoch (MPI_Win_start or "
                   "MPI_Win_post) is open: fence and PSCW epochs do not mix");
    else if (AnyLock(w))
      Misuse(call, "MPI_Win_fence inside a passive target epoch (a lock is "
                   "held)");
    break;
  case WinSync::kPost:
    if (w->post_open)
      Misuse(call, "MPI_Win_post while an exposure epoch of the window is "
                   "already open (no MPI_Win_wait/MPI_Win_test since)");
    break;
  case WinSync::kStart:
    if (w->start_open)
      Misuse(call, "MPI_Win_start while an access epoch of the window is "
                   "already open (no MPI_Win_complete since)");
    else if (AnyLock(w))
      Misuse(call, "MPI_Win_start inside a passive target epoch");
    break;
  case WinSync::kComplete:
    if (!w->start_open)
      Misuse(call, "MPI_Win_complete without a matching MPI_Win_start");
    break;
  case WinSync::kWait:
  case WinSync::kTest:
    if (!w->post_open)
      Misuse(call, "MPI_Win_wait/MPI_Win_test without a matching "
                   "MPI_Win_post");
    break;
  case WinSync::kLock:
    if (!ValidTarget(w, a.rank))
      break;
    if (w->lock[a.rank] || w->lock_all)
      Misuse(call, "MPI_Win_lock of rank %d, which this process has already "
                   "locked (no MPI_Win_unlock since)", a.rank);
    else if (w->start_open)
      Misuse(call, "MPI_Win_lock inside a PSCW access epoch");
    else
      NoteLockInFence(w, call);
    break;
  case WinSync::kUnlock:
    if (ValidTarget(w, a.rank) && !w->lock[a.rank])
      Misuse(call, "MPI_Win_unlock of rank %d, which this process has not "
                   "locked with MPI_Win_lock", a.rank);
    break;
  case WinSync::kLockAll:
    if (AnyLock(w))
      Misuse(call, "MPI_Win_lock_all while this process already holds a "
                   "lock on the window");
    else
      NoteLockInFence(w, call);
    break;
  case WinSync::kUnlockAll:
    if (!w->lock_all)
      Misuse(call, "MPI_Win_unlock_all without MPI_Win_lock_all");
    break;
  case WinSync::kFlush:
  case WinSync::kFlushLocal:
    if (ValidTarget(w, a.rank) && !w->lock[a.rank] && !w->lock_all)
      Misuse(call, "flush of rank %d outside a passive target epoch: the "
                   "target is not locked", a.rank);
    break;
  case WinSync::kFlushAll:
  case WinSync::kFlushLocalAll:
    if (!AnyLock(w))
      Misuse(call, "flush outside a passive target epoch: no target is "
                   "locked");
    break;
  case WinSync::kSync:
    break;
  }
  // An unlock hands the lock to the next process: this process's clock
  // must be there before it does.
  if (a.what == WinSync::kUnlock && ValidTarget(w, a.rank) &&
      w->lock[a.rank]) {
    LseqTick();
    CompleteOperations(w, a.rank, call.name(), call.Stack());
    if (!(w->lock[a.rank] & kLockNoCheck))
      PublishLockClock(w, a.rank, w->lock[a.rank] & kLockExclusive);
  } else if (a.what == WinSync::kUnlockAll && w->lock_all) {
    LseqTick();
    CompleteOperations(w, -1, call.name(), call.Stack());
    for (int t = 0; t < w->size; t++)
      if (w->clock_joined[t])
        PublishLockClock(w, t, /*exclusive=*/false);
  }
}

void AfterWinSync(MpiCall &call, int rc, const WinSyncArgs &a) {
  if (rc != MPI_SUCCESS)
    return;
  RmaLock lock;
  Window *w = FindWindow(a.win);
  if (!w)
    return;
  u32 stack = call.Stack();
  LseqTick();
  switch (a.what) {
  case WinSync::kFence:
    CompleteOperations(w, -1, call.name(), stack);
    CompleteLocally(w, -1, stack);
    ExchangeRecords(w);
    ClockAllreduce(w);
    if (w->fence_noput)
      CheckNoPut(w, call);
    CheckConflicts(w);
    w->fence_noput = a.assert_flags & MPI_MODE_NOPUT;
    w->fence_open = !(a.assert_flags & MPI_MODE_NOSUCCEED);
    w->fence_ever = true;
    break;
  case WinSync::kPost:
    TranslateGroup(w, a.group, &w->post_group);
    w->post_open = true;
    for (uptr i = 0; i < w->post_group.size(); i++)
      ClockSend(w, w->post_group[i], kTagPostClock);
    break;
  case WinSync::kStart:
    TranslateGroup(w, a.group, &w->start_group);
    w->start_open = true;
    for (uptr i = 0; i < w->start_group.size(); i++)
      ClockRecv(w, w->start_group[i], kTagPostClock);
    break;
  case WinSync::kComplete:
    CompleteOperations(w, -1, call.name(), stack);
    CompleteLocally(w, -1, stack);
    for (uptr i = 0; i < w->start_group.size(); i++) {
      int t = w->start_group[i];
      if (t == w->rank)
        SendRecords(w, t, kTagCompleteRecords, false);
      else {
        SendRecords(w, t, kTagCompleteRecords, /*always=*/true);
        ClockSend(w, t, kTagCompleteClock);
      }
    }
    w->start_open = false;
    w->start_group.clear();
    break;
  case WinSync::kWait:
  case WinSync::kTest:
    if (a.what == WinSync::kTest && (!a.flag || !*a.flag))
      break;
    for (uptr i = 0; i < w->post_group.size(); i++) {
      int o = w->post_group[i];
      if (o == w->rank)
        continue;
      ReceiveRecords(w, o, kTagCompleteRecords);
      ClockRecv(w, o, kTagCompleteClock);
    }
    CheckConflicts(w);
    w->post_open = false;
    w->post_group.clear();
    break;
  case WinSync::kLock:
    if (!ValidTarget(w, a.rank))
      break;
    // MPI_MODE_NOCHECK: no lock is taken, nothing to learn (high bit).
    w->locks_held += !w->lock[a.rank];
    w->lock[a.rank] = (a.lock_type == MPI_LOCK_EXCLUSIVE ? kLockExclusive
                                                         : kLockShared) |
                      (a.assert_flags & MPI_MODE_NOCHECK ? kLockNoCheck : 0);
    if (!(a.assert_flags & MPI_MODE_NOCHECK))
      AcquireAndJoin(w, a.rank, a.lock_type == MPI_LOCK_EXCLUSIVE);
    break;
  case WinSync::kUnlock:
    if (!ValidTarget(w, a.rank))
      break;
    SendRecords(w, a.rank, kTagPassiveRecords, false);
    CompleteLocally(w, a.rank, stack);
    w->locks_held -= w->lock[a.rank] != 0;
    w->lock[a.rank] = 0;
    break;
  case WinSync::kLockAll:
    w->lock_all = true;
    internal_memset(w->clock_joined, 0, w->size);
    break;
  case WinSync::kUnlockAll:
    SendRecords(w, -1, kTagPassiveRecords, false);
    CompleteLocally(w, -1, stack);
    w->lock_all = false;
    break;
  case WinSync::kFlush:
  case WinSync::kFlushAll: {
    int target = a.what == WinSync::kFlush ? a.rank : -1;
    CompleteOperations(w, target, call.name(), stack);
    SendRecords(w, target, kTagPassiveRecords, false);
    CompleteLocally(w, target, stack);
    break;
  }
  case WinSync::kFlushLocal:
    CompleteLocally(w, a.rank, stack);
    break;
  case WinSync::kFlushLocalAll:
    CompleteLocally(w, -1, stack);
    break;
  case WinSync::kSync:
    break;
  }
  DrainRecords(w, /*final=*/false);
  LseqTick();
}

void BeforeRmaOp(MpiCall &call, const RmaOpArgs &a) {
  starting_rma_op = nullptr;
  starting_rma_continuation.op = nullptr;
  if (a.target == MPI_PROC_NULL)
    return; // MPI 4.1 12.3: an operation with no effect
  RmaLock lock;
  Window *w = FindWindow(a.win);
  if (!w)
    return;
  int t = a.target;
  if (ValidTarget(w, t)) {
    bool in_epoch = w->fence_open || (w->start_open && InGroup(w->start_group, t)) ||
                    w->lock[t] || w->lock_all;
    if (!in_epoch) {
      if (w->start_open)
        Misuse(call, "RMA operation to rank %d, which is not in the group "
                     "of the open MPI_Win_start access epoch", t, w);
      else
        Misuse(call, "RMA operation to rank %d outside any access epoch of "
                     "the window (no fence, MPI_Win_start or lock covers it)",
               t, w);
    }
    if (w->lock_all && !w->clock_joined[t]) {
      w->clock_joined[t] = true;
      AcquireAndJoin(w, t, /*exclusive=*/false);
    }
  }
  w->ops_since_fence++;
  LseqTick();
  if (!SampleRmaOperation(a))
    return;
  u64 start = Lseq();
  u32 stack = call.Stack();
  // One StateMutex section for the target side and the origin side: each
  // locked instruction inside MPI waits for the library's stores to drain.
  StateLock state(&StateMutex());
  if (flags()->rma_target_checks)
    RecordOperation(w, a, call.name(), stack);

  PendingOp *op = NewOp(call.name(), /*persistent=*/false);
  op->rma = true;
  op->rma_win = a.win;
  op->rma_target = t;
  op->rma_start = start;
  op->rma_remote_on_request = a.result != nullptr || a.kind == RmaKind::kGet;
  bool no_op = a.op == MPI_NO_OP; // origin arguments are ignored
  if (a.kind == RmaKind::kGet)
    AddBuffer(op, BufferRole::kRmaResult, a.origin, a.origin_count,
              a.origin_type);
  else if (!no_op)
    AddBuffer(op, BufferRole::kRmaOrigin, a.origin, a.origin_count,
              a.origin_type);
  if (a.compare)
    AddBuffer(op, BufferRole::kRmaOrigin, a.compare, 1, a.origin_type);
  if (a.result)
    AddBuffer(op, BufferRole::kRmaResult, a.result, a.result_count,
              a.result_type);
  op->ever_started = true;
  op->start_stack = stack;
  if (flags()->rma_target_checks)
    RecordBuffersInWindows(*op);
  // Two Gets (or a Get and a Get_accumulate) filling overlapping result
  // buffers, a result buffer over a pending receive's, ...: MPI 4.1 12.7.
  CheckOverlaps(op, op->start_stack);
  bool same_target = false;
  if (MayContinue(w, a, &same_target) &&
      ContinueRmaOp(*op, same_target, &starting_rma_continuation)) {
    DestroyOp(op); // never active: back to the free list
    return;
  }
  ActivateOp(op);
  // Watched from the start, under this lock: the library's own accesses
  // inside the call do not go through the shadow, and an operation without
  // a request then needs no lock after the call.
  MarkShadow(op);
  ReportBuffersExceedingMemory(*op);
  starting_rma_op = op;
}

void AfterRmaOp(MpiCall &, int rc, const MPI_Request *request) {
  PendingOp *op = starting_rma_op;
  starting_rma_op = nullptr;
  if (starting_rma_continuation.op) {
    // No request, and the earlier operation is still active: no other
    // thread calls MPI meanwhile (MayContinue).
    if (rc != MPI_SUCCESS) {
      StateLock lock(&StateMutex());
      UndoRmaContinuation(starting_rma_continuation);
    }
    starting_rma_continuation.op = nullptr;
  }
  LseqTick();
  bool has_request = request && *request != MPI_REQUEST_NULL;
  // A started operation without a request is complete only at a later
  // synchronization, which another thread may already have made: `op` is
  // not touched then.
  if (!op || (rc == MPI_SUCCESS && !has_request))
    return;
  StateLock lock(&StateMutex());
  if (rc != MPI_SUCCESS) {
    DestroyOp(op);
    return;
  }
  op->request_slot = (uptr)request;
  op->start_tid = CurrentTid();
  RegisterOp(op, *request);
}

namespace {

// The channel-rank order of `members_in_comm` (each channel member's rank
// in the collective's communicator) is that of the communicator.
bool SameOrder(const int *members_in_comm, int size) {
  for (int r = 1; r < size; r++)
    if (members_in_comm[r] < members_in_comm[r - 1])
      return false;
  return true;
}

// Joins into `ch`'s clock what a collective ordered before this member, by
// a reduction over `over`, which every member of `over` makes: `my_rank`
// and `root` are ranks in `over` (root -1: none, or not a member).
void JoinCollectiveClocks(WinChannel *ch, MPI_Comm over, int my_rank,
                          CollectiveOrder order, int root) {
  ScratchVector<u64> clock(ch->size);
  u64 *mine = DepartingChannel(ch);
  switch (order) {
  case CollectiveOrder::kAll:
    PMPI_Allreduce(mine, clock.data(), ch->size, MPI_UINT64_T, MPI_MAX, over);
    break;
  case CollectiveOrder::kPrefix:
    PMPI_Scan(mine, clock.data(), ch->size, MPI_UINT64_T, MPI_MAX, over);
    break;
  case CollectiveOrder::kToRoot:
    // A root outside the channel orders none of its members.
    if (root < 0)
      return;
    PMPI_Reduce(mine, clock.data(), ch->size, MPI_UINT64_T, MPI_MAX, root,
                over);
    if (my_rank != root)
      return;
    break;
  case CollectiveOrder::kFromRoot:
    if (root < 0)
      return;
    if (my_rank == root)
      internal_memcpy(clock.data(), mine, sizeof(u64) * ch->size);
    PMPI_Bcast(clock.data(), ch->size, MPI_UINT64_T, root, over);
    break;
  }
  JoinChannelClock(ch, clock.data());
}

// A collective over the channel's members (and maybe others), as the
// channel's own reduction: `members_in_comm` gives each channel member's
// rank in the collective's communicator.
void JoinChannelInside(WinChannel *ch, const int *members_in_comm,
                       CollectiveOrder order, int root) {
  int root_rank = -1; // the root's rank in the channel, if a member
  for (int r = 0; r < ch->size; r++)
    if (members_in_comm[r] == root)
      root_rank = r;
  if (order == CollectiveOrder::kPrefix &&
      !SameOrder(members_in_comm, ch->size))
    order = CollectiveOrder::kAll; // orders more than it does: misses only
  JoinCollectiveClocks(ch, ch->comm, ch->rank, order, root_rank);
}

} // namespace

void AfterCollective(MpiCall &, int rc, MPI_Comm comm, CollectiveOrder order,
                     int root) {
  if (rc != MPI_SUCCESS || comm == MPI_COMM_NULL)
    return;
  RmaLock lock;
  if (NumWindows() == 0)
    return;
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter)
    return;
  MPI_Group group;
  if (PMPI_Comm_group(comm, &group) != MPI_SUCCESS)
    return;
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  int comm_size = 0, comm_rank = -1;
  PMPI_Comm_size(comm, &comm_size);
  PMPI_Comm_rank(comm, &comm_rank);
  // Each channel member's rank in `comm`, and how many are in it.
  ScratchVector<int> out;
  auto translate = [&](WinChannel *ch) {
    out.resize(ch->size);
    PMPI_Group_translate_ranks(world, ch->size, ch->world_ranks, group,
                               out.data());
    int in_comm = 0;
    for (int r = 0; r < ch->size; r++)
      in_comm += out[r] != MPI_UNDEFINED;
    return in_comm;
  };
  // First the channels that hold all of `comm` and more (a barrier of two
  // of a window's three members orders those two): a reduction over `comm`
  // itself, in creation order (every member of `comm` holds the same such
  // channels, created in the same order), before any reduction over a
  // channel's own communicator below, so that no member of `comm` waits in
  // one while another waits in the other.
  if (comm_size > 1)
    for (uptr c = 0; c < NumChannels(); c++) {
      WinChannel *ch = ChannelAt(c);
      if (ch->size > comm_size && translate(ch) == comm_size)
        JoinCollectiveClocks(ch, comm, comm_rank, order, root);
    }
  // Then one reduction per channel whose group lies inside `comm`, in
  // creation order: every member sees the same channels inside the same
  // communicator, in the same order. A channel larger than `comm` cannot
  // be inside it (nor translated a second time).
  for (uptr c = 0; c < NumChannels(); c++) {
    WinChannel *ch = ChannelAt(c);
    if (ch->size <= comm_size && translate(ch) == ch->size)
      JoinChannelInside(ch, out.data(), order, root);
  }
  PMPI_Group_free(&world);
  PMPI_Group_free(&group);
}

void BeforeSendClock(int dest, MPI_Comm comm) {
  if (!AnyWindows() || dest < 0 || comm == MPI_COMM_NULL)
    return;
  SendClocksToPeer(ClockPeer(dest, comm));
}

int ClockPeer(int dest, MPI_Comm comm) {
  if (dest < 0 || comm == MPI_COMM_NULL)
    return 0;
  return WorldRankIn(comm, dest) + 1;
}

void SendClocksToPeer(int peer) {
  if (peer <= 0 || !AnyWindows())
    return;
  RmaLock lock;
  if (NumWindows() == 0)
    return;
  int world = peer - 1;
  // One clock per channel whose group holds the destination.
  for (uptr c = 0; c < NumChannels(); c++) {
    WinChannel *ch = ChannelAt(c);
    Window *holder = nullptr; // keeps the send until WaitSends
    for (uptr i = 0; i < NumWindows() && !holder; i++)
      if (WindowAt(i)->channel == ch)
        holder = WindowAt(i);
    int to = holder ? WindowRankOf(holder, world) : -1;
    if (to >= 0)
      SendBytesWithMpiTag(holder, to, kChannelClockTag, DepartingChannel(ch),
                          sizeof(u64) * ch->size);
  }
}

void NoteRmaRequestCompleted(MPI_Win win, int target, u64 start,
                             const char *call, u32 stack) {
  completed_requests.push_back({win, target, start, Lseq(), call, stack});
}

void AfterReceiveClock() {
  if (!AnyWindows())
    return;
  RmaLock lock;
  ApplyCompletedRequests();
  for (uptr c = 0; c < NumChannels(); c++)
    TakeMessageClocks(ChannelAt(c));
}

namespace {
void RecordWindowPieces(uptr addr, uptr size, bool is_write, AccessStack &stack,
                        bool clear_shadow) {
  ForEachWindowPiece(addr, addr + size,
                     [&](Window *w, int owner, uptr offset, uptr lo, uptr hi) {
                       RecordLoadStore(w, owner, offset, offset + (hi - lo),
                                       is_write, stack, lo, clear_shadow);
                     });
}
} // namespace

void RecordWindowAccess(uptr addr, uptr size, bool is_write, uptr pc, uptr bp,
                        bool clear_shadow) {
  if (!flags()->rma_target_checks)
    return;
  RmaLock lock;
  AccessStack stack = {pc, bp};
  RecordWindowPieces(addr, size, is_write, stack, clear_shadow);
}

void RecordWindowRows(uptr first, uptr size, sptr stride, uptr rows,
                      bool is_write, uptr pc, uptr bp) {
  if (!flags()->rma_target_checks)
    return;
  // One lock and one unwind for all the rows: a tile's rows are one call.
  RmaLock lock;
  AccessStack stack = {pc, bp};
  for (uptr k = 0; k < rows; k++)
    RecordWindowPieces(first + k * (uptr)stride, size, is_write, stack,
                       /*clear_shadow=*/false);
}

} // namespace mpisync
