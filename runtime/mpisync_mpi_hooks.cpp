// Semantics of the intercepted MPI calls: which buffers become pending and
// when they stop being pending (MPI 4.1, chapter 3.7 and 3.9).
#include "mpisync_mpi_hooks.h"
#include "mpisync_alloc.h"

#include "mpisync_comm_info.h"

#include "mpisync_datatype.h"
#include "mpisync_flags.h"
#include "mpisync_interface.h"
#include "mpisync_log_path.h"
#include "mpisync_modules.h"
#include "mpisync_mpi_next.h"
#include "mpisync_report.h"
#include "mpisync_rma.h"
#include "mpisync_rma_window.h"
#include "mpisync_rtl.h"
#include "mpisync_sampling.h"
#include "mpisync_scratch.h"
#include "mpisync_send_status.h"
#include "mpisync_shadow.h"
#include "mpisync_stack.h"
#include "mpisync_thread_level.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "threads/thread_clocks.h"
#include "threads/unordered_buffers.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// The operation being started by this thread's current MPI call, built
// before the call so the library's copies inside it are attributed to it.
THREADLOCAL PendingOp *starting_op;
// starting_op of an operation sample_ops did not draw: no buffers, so the
// copies inside its starting call find nothing of it.
PendingOp untracked_start;

bool Conflicting(BufferRole a, BufferRole b) {
  return LibraryWrites(a) || LibraryWrites(b);
}

// Whether a pending buffer of a role `buf` conflicts with may share a
// granule with its data: else the index walk, which visits every pending
// buffer whose extent meets this one's (the n receives of a matrix's
// columns, each a strided type over the whole matrix: O(n) each, O(n^2)
// segment comparisons per start), is skipped. The shadow shows what is
// marked, and an operation is marked only after its starting call: while
// one is active and not marked yet (an earlier request of the same
// MPI_Startall, a start on another thread), or with a second application
// thread, the walk always runs; as for memory without shadow,
// and for more than kMaxShadowScan bytes of data (a 1 GiB MPI_Recv beside
// one unrelated pending receive: 128 MiB of shadow against one index
// query).
constexpr u64 kMaxShadowScan = 4 << 20;

bool MayMeetMarked(const PendingBuffer &buf) {
  if (threads::Tracking() || !AllActiveMarked() || buf.hi > kMaxAppAddress ||
      (u64)buf.count * buf.map->size > kMaxShadowScan)
    return true;
  u8 bits = kShadowRecv | (LibraryWrites(buf.role) ? kShadowSend : 0);
  bool marked = false;
  ForEachSegment(*buf.map, buf.base, buf.count, [&](uptr begin, uptr end) {
    marked = marked || ShadowHasAny(begin, end, bits);
  });
  return marked;
}

} // namespace

// Two pending operations whose buffers overlap where one of them receives
// (MPI 4.1 3.7.2: "the buffers ... must not overlap"), also within one
// operation (the send and receive buffers of MPI_Isendrecv, the blocks of a
// v collective). One report per buffer of `op`.
void CheckOverlaps(PendingOp *op, u32 start_stack) {
  uptr n = op->num_buffers;
  // Buffers of `op` in address order: only neighbours whose hulls meet can
  // overlap, so many blocks cost O(n log n), not O(n^2). Most operations
  // have a buffer or two: on the stack; scratch memory for more (a page
  // mapped and unmapped per start cost more than the rest of it, and the
  // allocator's lock and free lists were still 2% of 10^5 starts).
  constexpr uptr kOnStack = 4;
  uptr order_on_stack[kOnStack];
  bool reported_on_stack[kOnStack] = {};
  ScratchVector<uptr> order_heap(n > kOnStack ? n : 0);
  ScratchVector<bool> reported_heap(n > kOnStack ? n : 0);
  uptr *order = n > kOnStack ? order_heap.data() : order_on_stack;
  bool *reported = n > kOnStack ? reported_heap.data() : reported_on_stack;
  for (uptr i = 0; i < n; i++)
    order[i] = i;
  Sort(order, n,
       [&](uptr x, uptr y) { return op->buffers[x].lo < op->buffers[y].lo; });
  auto report = [&](uptr b, const PendingOp &other,
                    const PendingBuffer &other_buf, uptr at) {
    if (reported[b] || !Conflicting(op->buffers[b].role, other_buf.role))
      return;
    ReportOverlap(*op, op->buffers[b], start_stack, other, other_buf, at);
    reported[b] = true;
  };
  for (uptr k = 0; k < n; k++) {
    uptr b = order[k];
    const PendingBuffer &buf = op->buffers[b];
    if (!buf.map)
      continue;
    // Other pending operations: their segments within this buffer's hull
    // that meet one of its own segments. None if no granule of its data is
    // marked for a conflicting role.
    if (MayMeetMarked(buf))
      ForEachConflictingOverlap(
          buf.role, buf.lo, buf.hi,
          [&](PendingOp *other, PendingBuffer &other_buf, uptr ob, uptr oe,
              MPI_Count) {
            if (reported[b] || other == op)
              return;
            ForEachSegmentIn(*buf.map, buf.base, buf.count, ob, oe,
                             [&](uptr sb, uptr, MPI_Count) {
                               report(b, *other, other_buf, sb > ob ? sb : ob);
                             });
          });
    // Later buffers of the same operation that start inside this hull.
    for (uptr j = k + 1; j < n && !reported[b]; j++) {
      const PendingBuffer &mine = op->buffers[order[j]];
      if (mine.lo >= buf.hi)
        break;
      if (!mine.map)
        continue;
      ForEachSegment(*buf.map, buf.base, buf.count, [&](uptr sb, uptr se) {
        ForEachSegmentIn(*mine.map, mine.base, mine.count, sb, se,
                         [&](uptr ob, uptr, MPI_Count) {
                           report(b, *op, mine, ob > sb ? ob : sb);
                         });
      });
    }
  } // Memory another thread's completed operation may still be MPI's.
  threads::CheckStartUnordered(*op, start_stack);
}

namespace {

// Status of a send's stand-in request: nothing received, not cancelled.
int QueryCompletedSend(void *, MPI_Status *status) {
  PMPI_Status_set_elements(status, MPI_BYTE, 0);
  PMPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_UNDEFINED;
  status->MPI_TAG = MPI_UNDEFINED;
  return MPI_SUCCESS;
}
int FreeCompletedSend(void *) { return MPI_SUCCESS; }
int CancelCompletedSend(void *, int) { return MPI_SUCCESS; }

// MPICH returns one shared handle for every send that completed inside its
// starting call. When that handle already stands for another pending
// operation of the program, the program gets a handle of its own instead:
// a generalized request that is already complete (MPICH's shared request
// needs no completion). Then MPI_Wait on a copied or reused variable still
// names exactly one operation. Only handles change, and a correct program
// cannot depend on their values.
void GiveUniqueHandle(MPI_Request *request) {
  MPI_Request unique;
  if (PMPI_Grequest_start(QueryCompletedSend, FreeCompletedSend,
                          CancelCompletedSend, nullptr, &unique) != MPI_SUCCESS)
    return;
  if (PMPI_Grequest_complete(unique) != MPI_SUCCESS)
    return;
  *request = unique;
}

void Complete(MpiCall &call, PendingOp *op) {
  if (op->untracked) { // a persistent request stays until it is freed
    if (!op->persistent)
      ReleaseUntrackedOp(op);
    return;
  }
  threads::NoteCompleted(*op, call.name(), call.Stack());
  if (op->rma && op->rma_remote_on_request)
    NoteRmaRequestCompleted(op->rma_win, op->rma_target, op->rma_start,
                            call.name(), call.Stack());
  if (op->persistent) {
    op->complete_stack = call.Stack();
    DeactivateOp(op);
  } else {
    DestroyOp(op);
  }
}

} // namespace

void OnInit(MpiCall &, int rc) {
  if (rc != MPI_SUCCESS)
    return;
  // With cloning on, the application's rank (a clone's is its parent's).
  int rank = -1;
  CommRank(AppComm(MPI_COMM_WORLD), &rank);
  SetWorldRank(rank);
  SetLogPathForRank(rank);
  int provided = MPI_THREAD_MULTIPLE;
  PMPI_Query_thread(&provided);
  NoteThreadLevel(provided);
}

void BeforeFinalize(MpiCall &call) {
  NoteFinalizing();
  FinalizeWindows(call);
  StateLock lock(&StateMutex());
  PendingOp **ops;
  uptr n;
  CollectRegisteredOps(&ops, &n);
  if (flags()->report_missing_completion) {
    // Partition: still active first (with the R* operations a flush or an
    // unlock completed locally, whose requests were never completed), then
    // inactive persistent ones.
    InternalMmapVector<PendingOp *> active, never_freed;
    for (uptr i = 0; i < n; i++)
      if (ops[i]->untracked)
        continue; // sample_ops let it through unchecked
      else if (ops[i]->state == OpState::kActive || ops[i]->rma)
        active.push_back(ops[i]);
      else if (ops[i]->persistent)
        never_freed.push_back(ops[i]);
    // The stack only for a report: a program's first capture loads the
    // module list and the stack depot (memory a clean run need not touch).
    if (!active.empty())
      ReportAtFinalize(ErrorKind::kMissingCompletion, active.data(),
                       active.size(), call.Stack());
    if (!never_freed.empty())
      ReportAtFinalize(ErrorKind::kRequestNotFreed, never_freed.data(),
                       never_freed.size(), call.Stack());
  }
  for (uptr i = 0; i < n; i++)
    DestroyOp(ops[i]);
  RuntimeFree(ops);
  // What remains active was freed with MPI_Request_free before completing,
  // or is the buffer of buffered sends, which MPI_Finalize may keep.
  ForgetAttachedBuffer();
  while (NumActiveOps() > 0)
    DestroyOp(ActiveOp(0));
}

namespace {
// Whether two of `op`'s buffers' hulls meet (true for many buffers: the
// caller's full check sorts them).
bool AnyHullsMeet(const PendingOp &op) {
  constexpr uptr kMaxPairwise = 16;
  if (op.num_buffers > kMaxPairwise)
    return true;
  for (uptr i = 0; i < op.num_buffers; i++)
    for (uptr j = i + 1; j < op.num_buffers; j++) {
      const PendingBuffer &a = op.buffers[i], &b = op.buffers[j];
      if (a.map && b.map && a.lo < b.hi && b.lo < a.hi)
        return true;
    }
  return false;
}
} // namespace

// Under threads a blocking call also leaves its buffers to the other
// threads only once they synchronize with it (threads/unordered_buffers.h).
// With nothing pending, a call of two or more buffers is still checked
// against itself (MPI_Sendrecv's receive buffer meeting its send buffer,
// an MPI_Allreduce whose recvbuf aliases sendbuf without MPI_IN_PLACE).
void CheckBlocking(MpiCall &call, const BufferArg *buffers, int n) {
  bool pending = __mpisync_state.pending;
  if ((!pending && !threads::Tracking() && n < 2) || n <= 0)
    return;
  StateLock lock(&StateMutex());
  PendingOp *op = NewOp(call.name(), /*persistent=*/false);
  for (int i = 0; i < n; i++)
    AddBuffer(op, buffers[i].role, buffers[i].buf, buffers[i].count,
              buffers[i].datatype);
  if (!pending && !threads::Tracking() && !AnyHullsMeet(*op)) {
    DestroyOp(op); // the common case: no stack captured
    return;
  }
  op->start_stack = call.Stack();
  CheckOverlaps(op, op->start_stack);
  threads::NoteCompleted(*op, call.name(), op->start_stack);
  DestroyOp(op);
}

void BeforeStart(MpiCall &call, const BufferArg *buffers, int n) {
  if (!SampleOperation()) {
    starting_op = &untracked_start;
    return;
  }
  StateLock lock(&StateMutex());
  PendingOp *op = NewOp(call.name(), /*persistent=*/false);
  for (int i = 0; i < n; i++)
    AddBuffer(op, buffers[i].role, buffers[i].buf, buffers[i].count,
              buffers[i].datatype);
  op->ever_started = true;
  op->start_stack = call.Stack();
  CheckOverlaps(op, call.Stack());
  starting_op = op;
  // Active from now: copies the library makes inside the call are observed,
  // and nothing is reported while this thread is inside MPI.
  ActivateOp(op);
}

bool NoteStartingSendCopied(uptr src, uptr size) {
  PendingOp *op = starting_op;
  if (!op)
    return false;
  for (uptr b = 0; b < op->num_buffers; b++) {
    const PendingBuffer &buf = op->buffers[b];
    if (buf.map && !LibraryWrites(buf.role) && buf.lo <= src &&
        src + size <= buf.hi) {
      // Only this thread sees the op until AfterStart registers it.
      if (CountMovedBytes(op, b, src, src + size, &op->send_bytes_moved))
        __atomic_store_n(&op->send_data_consumed, true, __ATOMIC_RELAXED);
      return true;
    }
  }
  return false;
}

void AfterStart(MpiCall &call, int rc, const MPI_Request *request) {
  PendingOp *op = starting_op;
  starting_op = nullptr;
  if (!op)
    return;
  if (op == &untracked_start) {
    if (rc == MPI_SUCCESS && request)
      RegisterUntrackedOp(request, call.name(), /*persistent=*/false);
    return;
  }
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) {
    StateLock lock(&StateMutex());
    DestroyOp(op);
    return;
  }
  // Asked before the handle is registered: no other thread can complete
  // the operation meanwhile. A copy of the data observed inside the call
  // (an eager send) already says it: no extra MPI call, which under
  // MPI_THREAD_MULTIPLE would contend for the library's lock and progress
  // engine once more per send (docs/performance.md). Where the first
  // write that needs the verdict can ask instead, nothing is asked here,
  // unless the handle already stands for another pending operation:
  // MPICH's one shared handle of sends completed inside their call.
  bool consumed = __atomic_load_n(&op->send_data_consumed, __ATOMIC_RELAXED);
  bool can_wait = SendStatusCanWait();
  if (!consumed && !can_wait)
    consumed = SendCompleteInLibrary(op, *request);
  StateLock lock(&StateMutex());
  if (!consumed && can_wait && FindOp(*request)) {
    StateMutex().Unlock();
    consumed = SendCompleteInLibrary(op, *request);
    StateMutex().Lock();
  }
  // Under sample_ops an untracked operation's stand-in may hold the shared
  // handle for many operations of its thread, with no variable that names
  // them: a tracked send that completed inside its call always gets a
  // handle of its own then.
  if (consumed && (SamplingOn() || FindOp(*request))) {
    // The shared handle stands for another pending operation. The lock is
    // let go for the MPI calls (the library may call the memcpy
    // interceptor, which takes it); taking it once for the look-up and the
    // registration saves a locked instruction per eager send.
    StateMutex().Unlock();
    GiveUniqueHandle(const_cast<MPI_Request *>(request));
    StateMutex().Lock();
  }
  if (consumed)
    NoteSendConsumed(op);
  op->request_slot = (uptr)request;
  op->start_tid = CurrentTid();
  RegisterOp(op, *request);
  MarkShadow(op);
  ReportBuffersExceedingMemory(*op);
}

void OnPersistentInit(MpiCall &call, int rc, const MPI_Request *request,
                      const BufferArg *buffers, int n, int clock_peer) {
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL)
    return;
  if (!SampleOperation()) // every start of it goes unchecked
    return RegisterUntrackedOp(request, call.name(), /*persistent=*/true);
  StateLock lock(&StateMutex());
  PendingOp *op = NewOp(call.name(), /*persistent=*/true);
  for (int i = 0; i < n; i++)
    AddBuffer(op, buffers[i].role, buffers[i].buf, buffers[i].count,
              buffers[i].datatype);
  op->create_stack = call.Stack();
  op->send_clock_peer = clock_peer;
  RegisterOp(op, *request);
}

void SendClocksOfStarts(const MPI_Request *requests, MPI_Count n) {
  if (!AnyWindows() || !requests)
    return;
  // The peers first: the clocks' sends take the RMA lock, not StateMutex.
  ScratchVector<int> peers;
  {
    StateLock lock(&StateMutex());
    for (MPI_Count i = 0; i < n; i++) {
      PendingOp *op = FindOp(requests[i]);
      if (op && !op->untracked && !op->rma && op->send_clock_peer > 0)
        peers.push_back(op->send_clock_peer);
    }
  }
  for (uptr i = 0; i < peers.size(); i++)
    SendClocksToPeer(peers[i]);
}

void BeforeStartRequests(MpiCall &call, const SavedRequests &requests) {
  StateLock lock(&StateMutex());
  for (MPI_Count i = 0; i < requests.size(); i++) {
    PendingOp *op = FindOp(requests[i]);
    if (!op || op->untracked || op->state == OpState::kActive)
      continue; // MPI reports starting an active request
    op->start_stack = call.Stack();
    op->start_call = call.name();
    op->ever_started = true;
    if (op->partitioned)
      ArmPartitionsForStart(op);
    op->send_data_consumed = op->recv_data_written = false;
    op->send_status_asked = false;
    op->send_bytes_moved = op->recv_bytes_moved = 0;
    CheckOverlaps(op, call.Stack());
    ActivateOp(op);
  }
}

void AfterStartRequests(MpiCall &, int rc, const SavedRequests &requests) {
  for (MPI_Count i = 0; i < requests.size(); i++) {
    PendingOp *op;
    {
      StateLock lock(&StateMutex());
      op = FindOp(requests[i]);
      if (!op || op->untracked)
        continue;
      if (rc != MPI_SUCCESS) {
        DeactivateOp(op);
        continue;
      }
      MarkShadow(op);
      ReportBuffersExceedingMemory(*op);
    }
    if (!SendStatusCanWait() && SendCompleteInLibrary(op, requests[i])) {
      StateLock lock(&StateMutex());
      NoteSendConsumed(op);
    }
  }
}

// MPI 4.1 3.7.3 and 3.9: waiting on or testing an inactive persistent
// request (never started, or completed already) is legal and returns at
// once with an empty status: nothing to check before a completion call.
void BeforeCompletion(MpiCall &, const SavedRequests &) {}

namespace {

// Completions of one call share StateMutex: a locked instruction per
// kCompletionsPerLock of them, not per each (a Waitsome of 4096 receives,
// a Waitall of 10^5 sends). The lock is let go between batches so that
// other threads' checks do not wait behind 10^5 completions. index(k) is
// the k-th completed position in `saved`.
constexpr MPI_Count kCompletionsPerLock = 64;

template <typename IndexFn>
void CompleteEach(MpiCall &call, const SavedRequests &saved, MPI_Count n,
                  IndexFn index) {
  for (MPI_Count k0 = 0; k0 < n; k0 += kCompletionsPerLock) {
    StateLock lock(&StateMutex());
    for (MPI_Count k = k0; k < n && k < k0 + kCompletionsPerLock; k++) {
      MPI_Count i = index(k);
      if (i < 0 || i >= saved.size())
        continue;
      if (PendingOp *op = FindOp(saved[i], saved.slot(i)))
        Complete(call, op);
    }
  }
}

} // namespace

void OnCompleted(MpiCall &call, const SavedRequests &saved, MPI_Count i) {
  CompleteEach(call, saved, 1, [&](MPI_Count) { return i; });
}

void OnAllCompleted(MpiCall &call, const SavedRequests &saved) {
  CompleteEach(call, saved, saved.size(), [](MPI_Count k) { return k; });
}

void OnSomeCompleted(MpiCall &call, const SavedRequests &saved, int outcount,
                     const int *indices) {
  if (outcount == MPI_UNDEFINED || !indices)
    return;
  CompleteEach(call, saved, outcount,
               [&](MPI_Count k) { return (MPI_Count)indices[k]; });
}

void AfterFailedCompletion(MpiCall &call, const SavedRequests &saved,
                           const MPI_Request *requests) {
  if (!requests)
    return;
  for (MPI_Count i = 0; i < saved.size(); i++)
    if (saved[i] != MPI_REQUEST_NULL && requests[i] == MPI_REQUEST_NULL)
      OnCompleted(call, saved, i);
}

void OnStatusComplete(MpiCall &call, const SavedRequests &saved) {
  if (saved.size() == 0)
    return;
  StateLock lock(&StateMutex());
  PendingOp *op = FindOp(saved[0]);
  if (!op || op->state != OpState::kActive)
    return;
  op->complete_stack = call.Stack();
  threads::NoteCompleted(*op, call.name(), op->complete_stack);
  DeactivateOp(op);
}

// Freeing an inactive persistent request ends it. Freeing an active request
// is allowed but its completion can no longer be observed. A send the
// library has already finished (asked just before the free, while the
// handle is valid) leaves nothing pending; otherwise its buffers stay
// pending until MPI_Finalize, and touching them is reported as
// freed-request-buffer-access (docs/errors/freed-request-buffer-access.md).
void BeforeRequestFree(MpiCall &call, MPI_Request saved) {
  PendingOp *send = nullptr;
  {
    StateLock lock(&StateMutex());
    PendingOp *op = FindOp(saved);
    bool only_sends = op && op->state == OpState::kActive;
    for (uptr b = 0; only_sends && b < op->num_buffers; b++)
      only_sends = !LibraryWrites(op->buffers[b].role);
    if (only_sends)
      send = op;
  }
  // Asked as the program would ask, through the layers: a clone gets its
  // parent's answer. The program owns the request it frees: `send` stays
  // valid meanwhile; no StateMutex (see SendCompleteInLibrary).
  int send_done = 0;
  if (send)
    mpi_next.MPI_Request_get_status(saved, &send_done, MPI_STATUS_IGNORE);
  StateLock lock(&StateMutex());
  PendingOp *op = FindOp(saved);
  if (!op)
    return;
  if (op->untracked) {
    ReleaseUntrackedOp(op);
    return;
  }
  if (op->state != OpState::kActive || (send_done && op == send)) {
    DestroyOp(op);
    return;
  }
  // A receive freed while active: nothing can ever say its buffer was
  // filled (MPI 4.1 3.7.3 advises against it).
  for (uptr b = 0; b < op->num_buffers; b++)
    if (LibraryWrites(op->buffers[b].role)) {
      ReportActiveReceiveFreed(*op, call.Stack());
      break;
    }
  op->freed_while_active = true;
  op->complete_stack = call.Stack();
  UnregisterOp(op);
}

void BeforeTypeFree(MpiCall &, const MPI_Datatype *datatype) {
  if (!datatype)
    return;
  StateLock lock(&StateMutex());
  ForgetDatatype(*datatype);
}

void AfterTypeFree(MpiCall &, MPI_Datatype freed) {
  StateLock lock(&StateMutex());
  NoteDatatypeFreed(freed);
}

void AfterTypeNew(MpiCall &, const MPI_Datatype *newtype) {
  if (!newtype)
    return;
  StateLock lock(&StateMutex());
  NoteDatatypeCreated(*newtype);
}

} // namespace mpisync
