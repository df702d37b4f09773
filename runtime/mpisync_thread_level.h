// The thread level MPI_Init or MPI_Init_thread provided, and what it allows
// the runtime's own MPI calls (MPI 4.1 11.6.2): asked once, after the
// initialization, by OnInit.
#ifndef MPISYNC_THREAD_LEVEL_H
#define MPISYNC_THREAD_LEVEL_H

namespace mpisync {

// On the thread that initialized MPI (OnInit), which it remembers.
void NoteThreadLevel(int provided);
// Whether two threads' MPI calls may run at once: MPI_THREAD_MULTIPLE, or
// a level not known (before MPI_Init returned, or under MPI sessions).
bool ConcurrentMpiCalls();
// Whether the program is one thread that alone calls MPI, as far as can be
// seen: MPI_THREAD_SINGLE, and no second thread was ever made.
bool SingleThreadedMpi();
// Whether the calling thread is the one that initialized MPI (false before
// MPI_Init returned).
bool OnInitializingThread();
// The program made a thread outside MPI (pthread_create): it is no longer
// one thread, whether or not thread_clocks tracks its threads.
void NoteProgramThreadCreated();
// Whether the calling thread is the only one that may call MPI and may
// make an MPI call of the runtime's own now, outside any MPI call of its
// own: MPI_THREAD_SINGLE or MPI_THREAD_FUNNELED, on the thread that
// initialized MPI; never before MPI_Init returned or after MPI_Finalize
// began. (Under MPI_THREAD_MULTIPLE another thread may complete and free
// a request the runtime asks about meanwhile.)
bool OnlyThreadCallingMpi();
// MPI_Finalize began: the runtime makes no MPI call of its own after it.
void NoteFinalizing();

} // namespace mpisync

#endif // MPISYNC_THREAD_LEVEL_H
