// Whether the library has finished with a started send's data, asked of it
// (MPI_Request_get_status) for the verdict of a write to the send buffer
// (docs/design.md, "Manifest and latent"). Asking is a progress poll of the
// library: once per send it was a third of bench/'s labelprop_p2p's added
// time, and it almost never said yes there (27 of 624,074 sends). So in a
// program of one thread that alone calls MPI, a start asks nothing and the
// first write that breaks the send's rules asks instead: whether the data
// had left by the time of the write, which is what the verdict says. With
// threads a start still asks: then the handle is the starting thread's
// alone (not yet registered), where at a write another thread may be
// completing and freeing the request, or may not call MPI at all.
#ifndef MPISYNC_SEND_STATUS_H
#define MPISYNC_SEND_STATUS_H

#include <mpi.h>

#include "mpisync_pending.h"

namespace mpisync {

// The send the library reports complete right after starting it had its
// data consumed inside the call (an eager copy, also one the datatype
// engine made without memcpy). Asking does not complete the request for
// the program (MPI_Request_get_status neither frees nor deactivates it).
// Called without StateMutex: the library's progress inside the query
// reaches the memcpy interceptor, which takes it. The caller owns `op`
// meanwhile (not registered yet, or a persistent request that only the
// starting thread may use).
bool SendCompleteInLibrary(const PendingOp *op, MPI_Request request);

// Whether a start may leave the question to the first write that needs
// the verdict (SingleThreadedMpi, and no sample_ops: a
// stand-in may hold the shared handle of completed sends, which a tracked
// send must then not share, so that needs knowing at the start).
bool SendStatusCanWait();

// Before the write [p, p + size) is judged: for each active send it
// breaks whose data the library was not yet seen consuming, asked once
// per start, when this thread alone calls MPI (OnlyThreadCallingMpi).
// Takes StateMutex itself, and lets it go for the queries.
void AskSendsBrokenBy(uptr p, uptr size);

// stats=1: how many sends were asked about, at their start and at a write.
void PrintSendStatusStats();

} // namespace mpisync

#endif // MPISYNC_SEND_STATUS_H
