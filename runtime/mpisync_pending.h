// Pending operations: the request table (handle -> operation) and the set of
// active buffers the slow path and the reports consult. Shadow memory is
// kept in step: activating marks the segments, deactivating clears them and
// re-marks whatever other active buffer shares a granule.
#ifndef MPISYNC_PENDING_H
#define MPISYNC_PENDING_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_internal_defs.h"
#include "sanitizer_common/sanitizer_mutex.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::u8;
using __sanitizer::uptr;

enum class BufferRole : u8 { kSend, kRecv };

// One contiguous piece of a buffer's data map, in absolute addresses.
struct Segment {
  uptr begin, end;
};

struct PendingBuffer {
  BufferRole role;
  uptr base;              // the buffer argument as passed
  MPI_Datatype datatype;  // MPI_DATATYPE_NULL if unknown
  MPI_Count count;
  MPI_Count type_size;    // bytes of data per element
  MPI_Aint extent;        // distance between elements
  Segment *segments;      // sorted by begin, disjoint
  uptr num_segments;
  uptr lo, hi;            // hull of the segments
};

enum class OpState : u8 {
  kInactive, // persistent request between completion and the next start
  kActive,   // started, not completed
};

struct PendingOp {
  MPI_Request request;
  const char *call;       // the MPI function that created it
  u32 start_stack;        // where it was (last) started
  u32 create_stack;       // where a persistent request was initialised
  u32 complete_stack;     // where it was last completed, 0 if never
  OpState state;
  bool persistent;
  // The library was seen consuming the send data inside the starting call
  // (eager copy): a later write cannot change what is sent in this run.
  bool send_data_consumed;
  // The library was seen writing the receive data.
  bool recv_data_written;
  PendingBuffer *buffers;
  uptr num_buffers;
};

// Everything here is guarded by StateMutex().
__sanitizer::Mutex &StateMutex();

PendingOp *NewOp(const char *call, MPI_Request request, bool persistent);
// Takes ownership of `segments` (InternalAlloc'ed).
void AddBuffer(PendingOp *op, const PendingBuffer &buffer);
void RegisterOp(PendingOp *op);
PendingOp *FindOp(MPI_Request request);
void ActivateOp(PendingOp *op);
void DeactivateOp(PendingOp *op);
// Removes from the table (and deactivates) and frees.
void DestroyOp(PendingOp *op);

uptr NumActiveOps();
PendingOp *ActiveOp(uptr i);

// Calls fn(op, buffer, segment) for every active buffer segment overlapping
// [begin, end).
template <typename Fn> void ForEachOverlap(uptr begin, uptr end, Fn fn) {
  for (uptr i = 0, n = NumActiveOps(); i < n; i++) {
    PendingOp *op = ActiveOp(i);
    for (uptr b = 0; b < op->num_buffers; b++) {
      PendingBuffer &buf = op->buffers[b];
      if (buf.hi <= begin || buf.lo >= end)
        continue;
      for (uptr s = 0; s < buf.num_segments; s++) {
        const Segment &seg = buf.segments[s];
        if (seg.begin < end && begin < seg.end)
          fn(op, buf, seg);
      }
    }
  }
}

} // namespace mpisync

#endif // MPISYNC_PENDING_H
