// Nasty-MPI's second program: the acquire of an MCS lock (Mellor-Crummey
// and Scott, as in Hoefler et al.'s MPI-3 RMA paper) where the requester
// links itself behind its predecessor with an MPI_Accumulate, then flushes
// only its own rank. Nothing completes the Accumulate at the predecessor
// before the requester tells it "I am queued" (MPI 4.1 12.5.4: flush(rank)
// completes only the operations to that rank). MPICH happens to apply it at
// once; amplify holds it until MPI_Win_unlock_all, the latest legal point,
// so the predecessor finds no successor and the assert fails. The
// requester waits for the predecessor's answer before MPI_Win_unlock_all:
// otherwise, on a loaded machine, it could reach the unlock (and amplify
// issue the Accumulate) before the predecessor read.
// The same on Open MPI 4.1 with osc sm (a window of one node).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random %mpiexec -n 2 %t.fixed
// CHECK: predecessor sees successor -1
// CHECK: Assertion
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

enum { kNext = 0, kLocked = 1 }; // the queue node in each window

int main(int argc, char **argv) {
  int rank, *node;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &node, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  node[kNext] = -1;
  node[kLocked] = 0;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 1) {
    // Rank 0 holds the lock; rank 1 queues behind it.
    int one = 1, dummy = 0, flag;
    MPI_Accumulate(&rank, 1, MPI_INT, 0, kNext, 1, MPI_INT, MPI_REPLACE,
                   win);
    MPI_Fetch_and_op(&one, &flag, MPI_INT, rank, kLocked, MPI_REPLACE, win);
    MPI_Win_flush(rank, win); // BUG: rank 0 is never synchronized here
#ifdef FIXED
    MPI_Win_flush(0, win);
#endif
    MPI_Send(&dummy, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Recv(&dummy, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    int dummy, next = -2, none = 0;
    MPI_Recv(&dummy, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // The release reads its successor atomically.
    MPI_Fetch_and_op(&none, &next, MPI_INT, 0, kNext, MPI_NO_OP, win);
    MPI_Win_flush(0, win);
    fprintf(stderr, "predecessor sees successor %d\n", next);
    MPI_Send(&dummy, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    assert(next == 1);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
