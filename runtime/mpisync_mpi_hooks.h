// What the generated MPI wrappers (mpi_calls.tbl) call: one hook per kind of
// MPI call. The wrappers only marshal arguments; the semantics live here.
#ifndef MPISYNC_MPI_HOOKS_H
#define MPISYNC_MPI_HOOKS_H

#include <mpi.h>

#include "mpisync_mpi_call.h"
#include "mpisync_pending.h"

namespace mpisync {

void OnInit(MpiCall &call, int rc);
void BeforeFinalize(MpiCall &call);

// A nonblocking operation: BeforeStart runs before the MPI call (so copies
// the library makes inside it are observed), AfterStart once the request
// handle exists.
void BeforeStart(MpiCall &call, const BufferArg *buffers, int n);
void AfterStart(MpiCall &call, int rc, const MPI_Request *request);
// The library copies [src, src + size) inside the call that starts an
// operation on this thread: if that is the operation's send data, notes it
// consumed without taking StateMutex (the common eager send) and returns
// true.
bool NoteStartingSendCopied(uptr src, uptr size);

// A persistent request: created inactive, its buffers pending from
// MPI_Start to completion. `clock_peer`: where a send's starts carry the
// window clocks (ClockPeer, mpisync_rma.h; 0 for the others).
void OnPersistentInit(MpiCall &call, int rc, const MPI_Request *request,
                      const BufferArg *buffers, int n, int clock_peer);
// Ahead of MPI_Start(all) and MPI_Pready: the window clocks of this process
// to the destinations of the persistent and partitioned sends among
// `requests`, as a nonblocking send carries them (BeforeSendClock).
void SendClocksOfStarts(const MPI_Request *requests, MPI_Count n);
void BeforeStartRequests(MpiCall &call, const SavedRequests &requests);
void AfterStartRequests(MpiCall &call, int rc, const SavedRequests &requests);

// Completion calls: BeforeCompletion checks the requests are usable;
// OnCompleted marks saved[i] complete.
void BeforeCompletion(MpiCall &call, const SavedRequests &requests);
void OnCompleted(MpiCall &call, const SavedRequests &saved, MPI_Count i);
void OnAllCompleted(MpiCall &call, const SavedRequests &saved);
void OnSomeCompleted(MpiCall &call, const SavedRequests &saved, int outcount,
                     const int *indices);
// A completion call returned an error (under MPI_ERRORS_RETURN): the
// requests it completed are those it set to MPI_REQUEST_NULL.
void AfterFailedCompletion(MpiCall &call, const SavedRequests &saved,
                           const MPI_Request *requests);
// MPI_Request_get_status said the operation completed: the buffers are the
// program's again, the request still has to be freed or waited on.
void OnStatusComplete(MpiCall &call, const SavedRequests &saved);
void BeforeRequestFree(MpiCall &call, MPI_Request saved);

// The buffer of buffered sends (mpisync_buffer_attach.cpp).
void OnBufferAttach(MpiCall &call, int rc, void *buffer, MPI_Count size);
void AfterBufferDetach(int rc);
// MPI_Finalize: forgets it (BeforeFinalize releases every active operation).
void ForgetAttachedBuffer();

// Partitioned communication (mpisync_partitioned.cpp).
void OnPartitionedInit(MpiCall &call, int rc, const MPI_Request *request,
                       BufferRole role, const void *buf, MPI_Count partitions,
                       MPI_Count count, MPI_Datatype datatype, int clock_peer);
void ArmPartitionsForStart(PendingOp *op);
void OnPready(MpiCall &call, int rc, MPI_Request request, MPI_Count low,
              MPI_Count high);
void OnPreadyList(MpiCall &call, int rc, MPI_Request request, int length,
                  const int *partitions);
void OnParrived(MpiCall &call, int rc, MPI_Request request,
                MPI_Count partition, const int *flag);

// A blocking call's buffers may not overlap a pending operation's
// conflicting buffers either (e.g. MPI_Recv into a pending MPI_Isend).
void CheckBlocking(MpiCall &call, const BufferArg *buffers, int n);
// `op`, being started, against every pending operation and itself: buffers
// that overlap where one of them receives (overlapping-buffers). Under
// StateMutex.
void CheckOverlaps(PendingOp *op, u32 start_stack);

void BeforeTypeFree(MpiCall &call, const MPI_Datatype *datatype);
void AfterTypeFree(MpiCall &call, MPI_Datatype freed);
void AfterTypeNew(MpiCall &call, const MPI_Datatype *newtype);

} // namespace mpisync

#endif // MPISYNC_MPI_HOOKS_H
