// Requests on a parent and its clones, matched by position: a clone never
// starts an operation, so it gets a handle of its own (never given to MPI)
// where its parent got MPI's, and both record the operation's buffers under
// their handle. When the parent completes the request at index i of a
// completion call, the clone completes its request at index i, and the
// receive buffers recorded for it are mirrored.
#ifndef MPISYNC_CLONE_REQUESTS_H
#define MPISYNC_CLONE_REQUESTS_H

#include <mpi.h>

#include "clone/clone_calls.h"
#include "clone/clone_mirror.h"

namespace mpisync {
namespace clone {

struct RequestEntry {
  bool persistent;
  bool collective;
  bool active;
  bool to_proc_null; // a send to MPI_PROC_NULL: nothing to SendCheck
  int num_buffers;
  BufferArg *buffers; // owned; derived datatypes duplicated
};

// A handle for a clone's request: unique among the live ones, never
// MPI_REQUEST_NULL.
MPI_Request NewCloneRequest();
void RegisterRequest(MPI_Request handle, const CallArgs &call);
// Null when the request was not started by a mirrored call.
RequestEntry *FindRequest(MPI_Request handle);
void ForgetRequest(MPI_Request handle);

// Adds the receive buffers of `e` to `m`: a point-to-point receive the
// length `status` says arrived, a collective its whole layout.
void AddReceived(Mirror *m, const RequestEntry &e, const MPI_Status *status);
// Whether MPI writes any of the call's buffers (a receive, a result).
bool AnyLibraryWrites(const BufferArg *buffers, int n);
// The same as AddReceived for the receive buffers of a blocking call.
void AddReceivedBuffers(Mirror *m, const BufferArg *buffers, int n,
                        bool collective, const MPI_Status *status);

// A request the parent completed: its entry goes unless persistent, and a
// clone's handle becomes MPI_REQUEST_NULL as MPI did the parent's.
void CompleteRequest(MPI_Request *slot, MPI_Request handle);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_REQUESTS_H
