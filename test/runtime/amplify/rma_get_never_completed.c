// Nasty-MPI's first program: a binary-tree broadcast whose children poll
// their parent's window with MPI_Get and read the result before any
// synchronization completes the Get (MPI 4.1 12.5: a Get's result is
// defined only after a flush, unlock, fence or complete). Natively the read
// sees the previous round's value, which the previous unlock completed, so
// the broadcast works by luck; amplify holds the Get until MPI_Win_unlock
// and the result buffer holds the poison meanwhile: the child takes the
// poison for the value and the assert fails. (Fig. 5 of the paper, polling
// inside one epoch, hangs natively with MPICH 4.0.2: it never completes a
// Get without synchronization.)
// The same binary without instrumentation (plain mpicc) gets amplify too.
// RUN: %plain_mpicc -g -c %s -o %t.o
// RUN: %mpicc -fsanitize=mpisync %t.o -o %t.plain
// RUN: %mpiexec -n 4 %t.plain
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 4 %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 4 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 4 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random %mpiexec -n 4 %t.fixed
// PLAIN: rank {{[1-3]}} got {{-?}}nan
// PLAIN: Assertion
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double *value;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &value, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  *value = rank == 0 ? 42.0 : 0.0;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank > 0) {
    int parent = (rank - 1) / 2;
    double check = 0, seen = 0;
    while (seen == 0) {
      MPI_Win_lock(MPI_LOCK_SHARED, parent, 0, win);
      MPI_Get(&check, 1, MPI_DOUBLE, parent, 0, 1, MPI_DOUBLE, win);
#ifndef FIXED
      seen = check; // BUG: the Get is not complete before MPI_Win_unlock
      // CHECK: ERROR: MPISync: rma-result-buffer-access on rank {{[1-3]}}
      // CHECK: #0 {{.*}} in main {{.*}}rma_get_never_completed.c:[[@LINE-2]]
      // CHECK: amplified: completion
#endif
      MPI_Win_unlock(parent, win);
#ifdef FIXED
      seen = check;
#endif
    }
    fprintf(stderr, "rank %d got %g\n", rank, seen);
    // CHECK: rank {{[1-3]}} got {{-?}}nan
    // CHECK: Assertion
    assert(seen == 42.0);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    *value = seen;
    MPI_Win_unlock(rank, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
