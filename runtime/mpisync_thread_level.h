// The thread level MPI_Init or MPI_Init_thread provided, and what it allows
// the runtime's own MPI calls (MPI 4.1 11.6.2): asked once, after the
// initialization, by OnInit.
#ifndef MPISYNC_THREAD_LEVEL_H
#define MPISYNC_THREAD_LEVEL_H

namespace mpisync {

void NoteThreadLevel(int provided);
// Whether two threads' MPI calls may run at once: MPI_THREAD_MULTIPLE, or
// a level not known (before MPI_Init returned, or under MPI sessions).
bool ConcurrentMpiCalls();
// Whether the level is known and every thread that may run MPISync's
// checks may call MPI: MPI_THREAD_MULTIPLE, or MPI_THREAD_SINGLE while the
// program has never had a second thread.
bool EveryCheckingThreadMayCallMpi();
// Whether the calling thread may make an MPI call of the runtime's own
// now, outside any MPI call of its own: MPI_THREAD_MULTIPLE, or
// MPI_THREAD_SINGLE or MPI_THREAD_FUNNELED on the thread that initialized
// MPI; never before MPI_Init returned or after MPI_Finalize began.
bool CurrentThreadMayCallMpi();
// MPI_Finalize began: the runtime makes no MPI call of its own after it.
void NoteFinalizing();

} // namespace mpisync

#endif // MPISYNC_THREAD_LEVEL_H
