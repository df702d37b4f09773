// Pending operations: their records, registered under their request handles
// (mpisync_request_map.h), and the set of active buffers the slow path and
// the reports consult, indexed by address (mpisync_pending_index.h) so that
// no hook costs time proportional to the number of pending operations
// (docs/design.md lists each hook's cost).
// Shadow memory is kept in step: activating marks the data segments,
// deactivating clears them and re-marks whatever other active buffer shares
// a granule.
#ifndef MPISYNC_PENDING_H
#define MPISYNC_PENDING_H

#include "mpisync_alloc.h"
#include <mpi.h>

#include "mpisync/buffer_rules.h"
#include "mpisync_datatype.h"
#include "mpisync_pending_index.h"
#include "mpisync_scratch.h"
#include "sanitizer_common/sanitizer_internal_defs.h"
#include "sanitizer_common/sanitizer_mutex.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::u64;
using __sanitizer::u8;
using __sanitizer::uptr;

// BufferRole and what each role allows: include/mpisync/buffer_rules.def.

// Fields ordered by size (no padding between them): a program with 10^5
// operations pending keeps 10^5 of these (bench/'s labelprop_p2p).
struct PendingBuffer {
  uptr base;       // the buffer argument as passed
  MPI_Count count; // elements watched: `requested_count` unless clipped
  MPI_Count requested_count; // the count argument as passed
  DataMap *map;              // null: no data (count 0, or an invalid datatype)
  uptr lo, hi;               // hull of the (watched) data
  // The requested extent ran past mapped memory at this address (0: it did
  // not): only the elements before it are watched (mpisync_mapped_memory.h).
  uptr unmapped_at;
  // Its entry in the address index while active and armed, else null.
  IndexNode *index_node;
  MPI_Datatype datatype; // for reports; the handle may be freed meanwhile
  // The MPI_Pready (armed_by: kPreadyCalls) that handed this partition of
  // a partitioned send to MPI (reports name it); 0 for every other buffer.
  u32 armed_stack;
  u8 armed_by;
  BufferRole role;
  // Whether the buffer is MPI's while the operation is active: partitions
  // of a partitioned send become MPI's at MPI_Pready, those of a receive
  // return to the program when they have arrived.
  bool armed;
};

// The calls that make a send partition MPI's, by PendingBuffer::armed_by.
constexpr const char *kPreadyCalls[] = {"MPI_Pready", "MPI_Pready_list",
                                        "MPI_Pready_range"};

enum class OpState : u8 {
  kInactive, // persistent request not started, or between completion and
             // the next start
  kActive,   // started, not completed
};

// Fields grouped by size, as PendingBuffer's: with MPICH's handles 144
// bytes, and with one buffer (80 more) the allocator's 224-byte class (200
// and 88 took 288; the RMA lists' four pointers, now two positions, 240). The
// small fields first: the state and flags every hook tests share the first
// cache line with the handle (with them last, bench/'s labelprop_p2p ran 4%
// slower).
struct PendingOp {
  MPI_Request request;
  // Which of the operations with one handle a completion call means (see
  // next_same_handle): the request variable the handle was stored in, else
  // the thread that started it.
  int start_tid;
  MPI_Win rma_win;
  int rma_target;
  u32 start_stack;    // where it was (last) started
  u32 create_stack;   // where it was created (persistent requests)
  u32 complete_stack; // where it was last completed, 0 if never
  OpState state;
  bool persistent;
  bool partitioned; // buffers[i] is partition i
  bool ever_started;
  // The shadow of its buffers is marked. Marking waits until the starting
  // call succeeded: MPI rejects a bad buffer or count, MPISync must not
  // first spend O(bytes) on it.
  bool shadow_marked;
  // MPI_Request_free was called while active: completion can no longer be
  // observed, the buffers stay pending until MPI_Finalize.
  bool freed_while_active;
  // The library was seen reading all the send data (eager copy): a later
  // write cannot change what is sent in this run.
  bool send_data_consumed;
  // The library was seen writing the receive data.
  bool recv_data_written;
  bool rma; // an RMA operation
  // Stands for operations sample_ops did not draw (mpisync_sampling.h):
  // no buffers, never active (RegisterUntrackedOp).
  bool untracked;
  // MPI_Rget, MPI_Rget_accumulate: their request completes them at the
  // target too (the data came back).
  bool rma_remote_on_request;
  // A write that broke its send's rules asked the library whether the data
  // had left (mpisync_send_status.h): asked once per start.
  bool send_status_asked;
  uptr request_slot;
  // MPICH hands out one shared handle for requests that completed inside
  // their starting call; operations with equal handles form a FIFO chain.
  PendingOp *next_same_handle;
  const char *call;       // the MPI function that created it
  const char *start_call; // the one that last started it (MPI_Start, ...)
  // Bytes of the send (receive) data the library was seen copying so far:
  // send_data_consumed (recv_data_written) is set once it copied them all.
  u64 send_bytes_moved, recv_bytes_moved;
  // The copy log's position up to which the library's copies were applied
  // to the counts above (mpisync_copy_log.h).
  u64 copies_seen;
  // While the operation has one buffer (most have), `buffers` points just
  // past the record (NewOp allocates room for one): no allocation of its
  // own.
  PendingBuffer *buffers;
  u32 num_buffers, buffers_capacity;
  // Position in the active set (removal in O(1)), and the order in which
  // operations became active: overlap queries answer oldest first.
  uptr active_index;
  u64 active_seq;
  union {
    // An RMA operation's origin and result buffers (mpisync_rma_hooks.cpp,
    // `rma` below): released by the synchronization that completes it
    // locally at `rma_target` of `rma_win`, or by its request. `rma_start`
    // names the records of an MPI_Rget or MPI_Rget_accumulate.
    u64 rma_start;
    // `untracked`: how many operations with this handle it stands for.
    u64 untracked_count;
    // A persistent or partitioned send: 1 + its destination's rank in
    // MPI_COMM_WORLD, 0 if none (a receive, a collective, a destination
    // outside it). Each MPI_Start and MPI_Pready of it carries this
    // process's window clocks there first (SendClocksOfStarts).
    int send_clock_peer;
  };
  // Positions in the arrays of active RMA operations of one window and
  // target, and of one window (local completion visits its own operations
  // only; removal in O(1)).
  u32 rma_target_slot, rma_win_slot;
};

// Everything below is guarded by StateMutex(). A spin lock (yielding the
// processor after a few spins): its unlock is a plain store, where the
// sleeping mutex's is one more locked instruction. A locked instruction
// waits for this thread's earlier stores to drain, and inside MPI those
// are the library's stores to memory it shares with the other processes:
// the copies observed inside MPI_Waitsome and the RMA calls spent their
// time there (bench/'s bfs_rma 4.5% and labelprop_p2p 4% faster; no
// change on the oversubscribed threads_p2p). It is held for short,
// bounded work; a report (symbolization) is the exception.
__sanitizer::StaticSpinMutex &StateMutex();
using StateLock = __sanitizer::SpinMutexLock;

PendingOp *NewOp(const char *call, bool persistent);
// Describes `count` elements of `datatype` at `buf` and appends the buffer.
void AddBuffer(PendingOp *op, BufferRole role, const void *buf, MPI_Count count,
               MPI_Datatype datatype);
// Appends `op` to the operations known by `request`.
void RegisterOp(PendingOp *op, MPI_Request request);
// The operation known by `request` (of several: the one started into the
// variable `slot`, else one this thread started, else the oldest), or null.
PendingOp *FindOp(MPI_Request request, const MPI_Request *slot = nullptr);
// Forgets the handle (the library may reuse it) but keeps the operation.
void UnregisterOp(PendingOp *op);
// An operation sample_ops did not draw, started into the variable
// `request`, holds its handle in the request map and nothing else, so that
// a completion of another operation the library gave the same handle (a
// completed one's, reused before that completion's hook ran in another
// thread) does not take this one's for its own. The untracked operations
// of one handle started in one thread share one stand-in with a count: an
// eager send's shared handle stands for 10^5 of them at a time, which a
// chain of one record each made quadratic. A stand-in knows its thread, as
// a record does (FindOp), and its variable if all it stands for share it.
// (One stand-in for the untracked operations of every thread knew neither:
// a thread completing one of its own, with a tracked record of another
// thread's ahead of that stand-in on the handle, took the record.)
// Only where threads may call MPI at once (UntrackedNeedStandIns,
// mpisync_sampling.h); elsewhere it does nothing. Takes StateMutex itself.
void RegisterUntrackedOp(const MPI_Request *request, const char *call,
                         bool persistent);
// One of the operations `op` stands for was completed or freed.
void ReleaseUntrackedOp(PendingOp *op);
// Active: in the active set and the published intervals (the library's
// copies are attributed to it). MarkShadow then marks its buffers.
void ActivateOp(PendingOp *op);
void MarkShadow(PendingOp *op);
void DeactivateOp(PendingOp *op);
// DeactivateOp for each of `ops` (distinct); O(n) in all when they are
// every active operation.
void DeactivateOps(PendingOp *const *ops, uptr n);
// The library was seen reading all of `op`'s send data outside the index's
// own observer (inside the starting call, or asked of the library).
void NoteSendConsumed(PendingOp *op);
// Hands buffer `i` of an active operation to MPI, or back to the program.
void ArmBuffer(PendingOp *op, uptr i);
void DisarmBuffer(PendingOp *op, uptr i);
// Unregisters, deactivates and frees.
void DestroyOp(PendingOp *op);

// Memory watched apart from pending operations (window memory of RMA):
// inside the published intervals of loads and stores, and the pending word
// set, while registered. `key` names the owner of [lo, hi).
void WatchPublished(uptr key, uptr lo, uptr hi);
void UnwatchPublished(uptr key, uptr lo, uptr hi);

// Whether [addr, addr + size) meets the interval covering the pending
// operations' buffers that an access of its type can violate (window memory
// left out). Read without the mutex, like the published state.
bool MayMeetPendingOp(uptr addr, uptr size, bool is_write);

uptr NumActiveOps();
// Every active operation's shadow is marked: the shadow then shows every
// active buffer's data.
bool AllActiveMarked();
PendingOp *ActiveOp(uptr i);
// Every registered operation, active or not (for MPI_Finalize), in an
// RuntimeAlloc'ed array the caller frees (null when there are none).
void CollectRegisteredOps(PendingOp ***ops, uptr *n);
// The active RMA operations of `win` to `target` (-1: every target).
void CollectActiveRmaOps(MPI_Win win, int target,
                         ScratchVector<PendingOp *> *ops);

// An RMA operation whose one buffer continues, element for element, the
// buffer of its window's operation that became active last (same call and
// stack, role, datatype and count, no request: a Get per edge into
// consecutive result slots; in a passive target epoch, to the same target)
// joins that operation instead of becoming one of its own: the epoch's
// 10^5 operations cost one record, index node and array entry per run of
// them (docs/rma.md, "Operations that continue each other"). Both complete
// at the same synchronization.
struct RmaContinuation {
  PendingOp *op;      // the operation whose buffer grew; null: none
  PendingBuffer part; // what it grew by: the new call's buffer
  uptr old_hi;
  bool old_moved;
};
// `op` is built (its buffers added and checked) but not active. On success
// *c says what changed (for UndoRmaContinuation) and `op` is not needed.
// `same_target`: only an operation to op's target may be joined.
bool ContinueRmaOp(const PendingOp &op, bool same_target, RmaContinuation *c);
// The call that was continued failed: the buffer shrinks back.
void UndoRmaContinuation(const RmaContinuation &c);
// stats=1: how many RMA operations joined the one before them.
void PrintRmaContinuationStats();

// The library was seen reading [begin, end) (a send buffer's data is
// consumed) or writing it (a receive buffer's data has arrived), at
// position `pos` of the copy log (mpisync_copy_log.h): marks the active
// operations whose data segments meet it and that had not seen that
// position. Costs O(log n) plus the buffers not yet marked, so repeated
// copies of one buffer are cheap.
void NoteLibraryRead(uptr begin, uptr end, u64 pos);
void NoteLibraryWrite(uptr begin, uptr end, u64 pos);
// The library copied [begin, end) of `op`'s buffer `buffer`: adds the bytes
// of its data segments in it to *moved; returns whether all of `op`'s data
// of that buffer's role has moved. The data counts as moved only once all
// of it was: a library that copies a message in pieces (Open MPI's ob1
// sends what is above its eager limit in later MPI calls) has not moved the
// rest when the program writes it.
bool CountMovedBytes(const PendingOp *op, uptr buffer, uptr begin, uptr end,
                     u64 *moved);

// An active, armed buffer whose hull meets a queried range.
struct PendingRef {
  PendingOp *op;
  uptr buffer;
};
// The buffers meeting [begin, end): of send role if `sends`, of receive
// role if `recvs`; oldest operation first, then in buffer order. At most
// `limit` of them, the first ones found in address order.
void CollectOverlaps(uptr begin, uptr end, bool sends, bool recvs,
                     ScratchVector<PendingRef> *out, uptr limit = ~(uptr)0);

// How many pending buffers a start compares its own with. A program that
// keeps 10^5 receives pending into one scratch buffer (an error, reported
// at the first overlap) made each start walk and sort all of them: O(n^2)
// in pending operations. Past this many, the conflict reported is one of
// the first ones in address order, not necessarily the oldest, and one
// whose hull meets but whose data does not (interleaved strided types) can
// hide a later one that does.
constexpr uptr kMaxOverlapsCompared = 256;

namespace pending_detail {
template <typename Fn>
void VisitSegments(const ScratchVector<PendingRef> &refs, uptr begin, uptr end,
                   Fn &fn) {
  for (uptr i = 0; i < refs.size(); i++) {
    PendingOp *op = refs[i].op;
    PendingBuffer &buf = op->buffers[refs[i].buffer];
    ForEachSegmentIn(*buf.map, buf.base, buf.count, begin, end,
                     [&](uptr sb, uptr se, MPI_Count element) {
                       fn(op, buf, sb, se, element);
                     });
  }
}
} // namespace pending_detail

// Calls fn(op, buffer, seg_begin, seg_end, element) for every data segment
// of an active buffer overlapping [begin, end), oldest operation first.
// O((k + 1) log n) for k buffers whose hull meets the range.
template <typename Fn> void ForEachOverlap(uptr begin, uptr end, Fn fn) {
  ScratchVector<PendingRef> refs;
  CollectOverlaps(begin, end, /*sends=*/true, /*recvs=*/true, &refs);
  pending_detail::VisitSegments(refs, begin, end, fn);
}

// The same, for the buffers that conflict with a buffer of `role` (a
// receive buffer conflicts with every buffer, a send buffer with receive
// buffers only), so that many pending sends of one buffer cost nothing here;
// at most kMaxOverlapsCompared of them.
template <typename Fn>
void ForEachConflictingOverlap(BufferRole role, uptr begin, uptr end, Fn fn) {
  ScratchVector<PendingRef> refs;
  CollectOverlaps(begin, end, /*sends=*/LibraryWrites(role),
                  /*recvs=*/true, &refs, kMaxOverlapsCompared);
  pending_detail::VisitSegments(refs, begin, end, fn);
}

} // namespace mpisync

#endif // MPISYNC_PENDING_H
