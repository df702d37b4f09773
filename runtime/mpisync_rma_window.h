// Windows as MPISync sees them: their memory on every member, the epoch
// state of this process, its vector clock for the window, and the access
// records the conflict check consumes. Guarded by RmaMutex().
#ifndef MPISYNC_RMA_WINDOW_H
#define MPISYNC_RMA_WINDOW_H

#include <mpi.h>

#include "mpisync_rma_channel.h"
#include "mpisync_rma_types.h"
#include "mpisync_scratch.h"
#include "mpisync_thread_level.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_mutex.h"

namespace mpisync {

using __sanitizer::InternalMmapVector;
using __sanitizer::u64;

// One access to window memory: a load or store by a process (recorded by
// the instrumentation), or the target side of an RMA operation.
// 64 bytes (a cache line): records are kept by the 10^5 per epoch
// (bench/'s bfs_rma: two windows' lists of 65,536-131,072 each).
struct RmaRecord {
  enum Kind : u8 { kRead, kWrite, kAtomic };
  uptr lo, hi; // offsets into the owner's window memory (dynamic
               // windows: addresses in the owner)
  // Positions in the accessor's lseq order: [start, end] is the time the
  // access may touch the memory; `vc` (an offset into the window's clock
  // pool, which Full() keeps below 2^32) is the accessor's vector clock at
  // `start`.
  u64 start, end;
  u32 vc;
  u32 stack;          // where it was made (a load/store, or the MPI call)
  u32 complete_stack; // the call that completed an operation at the target
  int owner;          // window rank whose memory it is
  int accessor;       // window rank that accessed it
  int op;             // MPI_Op of atomic operations (predefined: equal
  int basic_type;     // handles on every process in MPICH)
  Kind kind : 2;
  bool atomic_read : 1; // MPI_NO_OP: an atomic read
  bool is_op : 1;       // an RMA operation (else a load/store)
  // mpisync_rma_call_names.h: "MPI_Put", ...; kNoCall for loads and
  // stores; the synchronization or request call that completed it.
  u8 call_id;
  u8 complete_call_id;
};
static_assert(sizeof(RmaRecord) == 64, "a record fills one cache line");

// A slot of Window::record_ends. `end_bits`, the low half of the record's
// end, turns away most slots of other records without reading the record
// (a cache miss per RMA operation of bfs_rma's 10^5 per epoch).
struct RecordEnd {
  u32 at; // index + 1 in the record's list, 0 if empty
  u32 end_bits;
};

struct Region {
  uptr lo, hi;
};

// Memory attached to a dynamic window, and where (reports of its release).
struct AttachedRegion {
  uptr lo, hi;
  u32 attach_stack;
};

struct Window {
  MPI_Win handle;
  WinKind kind;
  const char *create_call;
  u32 create_stack;
  u64 id; // creation order on this process
  // MPISync's own messages (clocks, records) go over the channel's
  // communicator, shared with the other windows of the group, never the
  // program's; this window's tags start at tag_base (WinTag).
  WinChannel *channel;
  MPI_Comm comm; // channel->comm
  u64 serial;    // the window's number in its channel
  int tag_base;
  MPI_Group group;
  int rank, size;
  int *world_ranks;    // window rank -> MPI_COMM_WORLD rank
  MPI_Aint *disp_unit; // of every member
  // This process's memory in the window: its segment (create, allocate),
  // the whole shared segment with every member's part (shared), or the
  // attached regions (dynamic).
  uptr base, bytes;
  uptr *shared_base; // shared: member i's segment here, and its size
  uptr *shared_bytes;
  InternalMmapVector<AttachedRegion> attached;

  // Epochs of this process (MPI 4.1 12.5).
  bool fence_open;     // after a fence without MPI_MODE_NOSUCCEED
  bool fence_ever;
  u64 fences; // MPI_Win_fence calls so far (AgreeOnFences)
  // The last fence asserted MPI_MODE_NOPUT: no put or accumulate may
  // update this process's window memory until the next fence.
  bool fence_noput;
  // A lock or lock_all after a fence that did not assert NOSUCCEED, and the
  // RMA calls since the last fence (mpisync_rma_hooks.cpp, NoteLockInFence).
  u32 lock_in_fence_stack;
  const char *lock_in_fence_call;
  u64 ops_since_fence;
  bool start_open;     // access epoch of MPI_Win_start
  bool post_open;      // exposure epoch of MPI_Win_post
  InternalMmapVector<int> start_group, post_group;
  u8 *lock; // per target: 0, or how it is locked (mpisync_rma_hooks.cpp)
  int locks_held; // targets whose `lock` entry is not 0 (AnyLock in O(1))
  bool lock_all;
  bool *clock_joined; // lock_all: the target's lock clock was read

  // Vector clock of this process (one entry per member, lseq values): the
  // channel's, shared by the windows of the group; and the lock clocks
  // every member keeps for the others:
  // [exclusive unlockers' clock | shared unlockers' clock].
  // The lock clocks live in clock_mem, attached to the channel's clock
  // window; clock_addr[i] is member i's, as a displacement in that window.
  u64 *vc;
  u64 *clock_mem;
  MPI_Aint *clock_addr;
  // Clock pool: snapshots of vector clocks that records point to (a
  // ScratchVector: InternalMmapVector copies each element pushed with a call
  // of internal_memcpy, a byte loop).
  ScratchVector<u64> clock_pool;
  uptr current_vc; // offset of this process's current clock, or -1
  // Records of accesses to this process's memory (its own, and received
  // ones), and, per owner, records for the other members not yet sent to
  // them, in the order they were made (so by `start`): a flush or unlock of
  // one target touches that target's records only.
  ScratchVector<RmaRecord> local;
  ScratchVector<RmaRecord> *outgoing; // [size], see OutgoingTo()
  uptr outgoing_records;              // in all the lists
  // Operation records not yet completed at their target (in the lists):
  // when none, a completion has nothing to look for.
  uptr uncompleted;
  // Where each recent access record ends: [kRecordEnds] slots holding a
  // record's index + 1 in its list and the low bits of its end, by a hash
  // of (end, owner, kind), or 0 (mpisync_rma_records.cpp, ContinuedRecord);
  // allocated at the first record. Only a hint: a slot is believed after
  // its record is checked.
  RecordEnd *record_ends;
  // The lseq of this process's last event that orders what follows it
  // apart from what came before: a load, store or buffer recorded in the
  // window, or a join or departure of its clock (a synchronization). Only
  // an operation started after it may have its record continued by a later
  // one (ContinuedOperation, mpisync_rma_records.cpp).
  u64 last_ordering_lseq;
  // The lseq at which this process last started an operation to its own
  // memory, and one that writes it: a load or store record made before it
  // does not grow past it (mpisync_rma_records.cpp, TakesAccessNow).
  u64 last_self_op_start, last_self_write_op_start;
  // Granules whose window bits were cleared after a record: re-armed when
  // the lseq moves on.
  InternalMmapVector<Region> dirty;
  // Passive target: records sent to each member and not yet accounted for
  // (the final exchange learns how many to expect).
  u64 *sent_records_msgs;
  u64 received_records_msgs;
  InternalMmapVector<MPI_Request> send_requests;
  InternalMmapVector<char *> send_buffers;
  // Pairs already reported (stack of each side).
  InternalMmapVector<u64> reported;
};

__sanitizer::Mutex &RmaMutex();

// Holds RmaMutex for its scope, except in a program of one thread at
// MPI_THREAD_SINGLE (SingleThreadedMpi): there only that thread may enter
// (MayEnter), through the hooks of its MPI calls, its checked accesses and
// its releases of memory, so no one else can be inside. Each acquisition
// and release is a locked instruction, and inside MPI one waits for the
// library's stores to drain: bench/'s bfs_rma spent three quarters of the
// time of its RMA start hook and of its window-access records on them.
// A second thread is made by a thread that is outside every hook, and
// every section after it locks.
class RmaLock {
public:
  // Whether the calling thread may enter a section RmaLock guards: not a
  // thread of the library's (its `free` reaches the release check) in a
  // one-thread program, whose window memory only the program's own thread
  // releases.
  static bool MayEnter() {
    return !SingleThreadedMpi() || OnInitializingThread();
  }
  RmaLock() : mutex_(SingleThreadedMpi() ? nullptr : &RmaMutex()) {
    if (mutex_)
      mutex_->Lock();
  }
  ~RmaLock() {
    if (mutex_)
      mutex_->Unlock();
  }
  RmaLock(const RmaLock &) = delete;
  RmaLock &operator=(const RmaLock &) = delete;

private:
  __sanitizer::Mutex *mutex_;
};

// Memory of each synchronization's record exchange and conflict check,
// kept from one epoch to the next: freed, their pages (beyond the internal
// allocator's 128 KiB classes, mapped for each use) were faulted in afresh
// at every fence, a fifth of transpose_rma's run time. The outgoing
// messages' memory and the incoming ones' serve the check too (it comes
// after the exchange).
// One pair for all windows, not one per window: the hooks that use them
// run under RmaMutex, one synchronization at a time, and a program that
// fences two windows (bfs_rma) kept two copies of an epoch's encoding
// resident. Call with RmaMutex held.
ScratchVector<char> &WireOut(); // then CheckConflicts' sort keys
ScratchVector<char> &WireIn();  // then the check's other arrays

Window *FindWindow(MPI_Win handle);
Window *NewWindow(MPI_Win handle);
void DeleteWindow(Window *w);
uptr NumWindows();
// Read without the mutex: the hooks of every message call ask it first.
bool AnyWindows();
Window *WindowAt(uptr i);

// Calls fn(owner, base, bytes, disp0) for every piece of `w`'s memory
// mapped in this process: `bytes` at address `base` of member `owner`'s
// memory, whose first byte has window displacement (in bytes) `disp0`.
template <typename Fn> void ForEachMappedPiece(const Window *w, Fn fn) {
  switch (w->kind) {
  case WinKind::kCreate:
  case WinKind::kAllocate:
    fn(w->rank, w->base, w->bytes, (uptr)0);
    break;
  case WinKind::kShared:
    for (int r = 0; r < w->size; r++)
      fn(r, w->shared_base[r], w->shared_bytes[r], (uptr)0);
    break;
  case WinKind::kDynamic:
    // Displacements in a dynamic window are the owner's addresses.
    for (uptr k = 0; k < w->attached.size(); k++)
      fn(w->rank, w->attached[k].lo, w->attached[k].hi - w->attached[k].lo,
         w->attached[k].lo);
    break;
  }
}

// Calls fn(w, owner, offset, lo, hi) for every piece [lo, hi) of [begin,
// end) that lies in window memory on this process: `owner` is the rank whose
// memory it is, `offset` the window displacement (in bytes) of lo.
template <typename Fn> void ForEachWindowPiece(uptr begin, uptr end, Fn fn) {
  for (uptr i = 0; i < NumWindows(); i++) {
    Window *w = WindowAt(i);
    ForEachMappedPiece(w, [&](int owner, uptr base, uptr bytes, uptr disp0) {
      uptr lo = begin > base ? begin : base;
      uptr hi = end < base + bytes ? end : base + bytes;
      if (lo < hi)
        fn(w, owner, disp0 + (lo - base), lo, hi);
    });
  }
}

// Window memory of this process is watched (hull and shadow bits) from
// creation until free; Rearm restores the bits cleared since the last one.
void WatchRegion(Window *w, uptr lo, uptr hi);
void UnwatchRegion(Window *w, uptr lo, uptr hi);
void Rearm(Window *w);
void MarkDirty(Window *w, uptr lo, uptr hi);
// An operation (`writes`: one that updates the memory) on the bytes
// [lo, hi) of `owner`'s window memory (offsets; a dynamic window's
// addresses), when that memory is mapped here (this process's own, or a
// shared window's): the window bits of those bytes are set again, so the
// next load or store of them is recorded and checked against it, also
// where an access before the operation had cleared them. Loads conflict
// only with an operation that writes.
void RewatchOperationTarget(Window *w, int owner, uptr lo, uptr hi,
                            bool writes);

// The list of records not yet sent to `owner` (0 <= owner < w->size).
ScratchVector<RmaRecord> &OutgoingTo(Window *w, int owner);

// The tag of one kind of MPISync message (RmaTag) about this window.
inline int WinTag(const Window *w, int kind) { return w->tag_base + kind; }

// The member of the window that rank `world` of MPI_COMM_WORLD is, or -1.
int WindowRankOf(const Window *w, int world);

} // namespace mpisync

#endif // MPISYNC_RMA_WINDOW_H
