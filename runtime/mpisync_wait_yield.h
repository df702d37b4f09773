// Waits that yield the processor under MPI_THREAD_MULTIPLE (option
// yield_in_waits, docs/threads.md "Waits under MPI_THREAD_MULTIPLE").
//
// MPICH completes MPI_Wait, MPI_Waitall, MPI_Waitany and MPI_Waitsome by
// polling its progress engine inside the call, taking and dropping its
// global lock around each poll without giving up the processor. When a
// rank has more threads than cores, the waiting threads then keep the
// threads that would complete their requests (a neighbour's send, a
// partner rank's receive) off the processors and contend for the lock
// they need: the microsecond the detector adds per operation is enough to
// make threads meet there, and a round that takes 0.25 s natively took
// 1.2-2 s (docs/performance.md, "Session 48"). This layer completes each
// wait by polling the matching test call (MPI 4.1 3.7.3 and 3.7.5: a wait
// returns what the test returns once its flag is set, or its outcount is
// not 0) and calls sched_yield between polls, after a few polls that spin.
// A program computes the same; only the waiting thread's scheduling
// changes. Other thread levels reach the MPI's own waits.
#ifndef MPISYNC_WAIT_YIELD_H
#define MPISYNC_WAIT_YIELD_H

#include "mpisync_mpi_next.h"

namespace mpisync {

bool YieldingWaitsEnabled();
// Saves the wait and test entries of `next` and points the waits at the
// yielding ones.
void InstallYieldingWaits(MpiNext *next);
// The stats=1 line: waits completed by polls, and their yields.
void PrintYieldingWaitStats();

} // namespace mpisync

#endif // MPISYNC_WAIT_YIELD_H
