// Nasty-MPI's fourth program: an MPI_Put and an MPI_Accumulate to the same
// location in one epoch, expected to apply in program order. MPI 4.1
// 12.7.1 orders accumulates among themselves only: a Put and an accumulate
// to one location conflict. MPICH applies them in order; amplify issues
// them reversed at the unlock (with a flush between them), so the sum is
// lost and the assert fails. Accumulates alone keep their order, so the
// fixed program (a flush between the two) passes for every order.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=reverse not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=1 %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=2 %mpiexec -n 2 %t.fixed
// CHECK: target holds 5
// CHECK: Assertion
// REPORT: ERROR: MPISync: rma-{{local|remote}}-conflict on rank {{[01]}}
// REPORT: amplified: ordering (the RMA operations of this epoch are issued at its synchronization
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *x, result = -1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &x, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  *x = 0;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int five = 5, one = 1, sum = 0;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(&five, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
#ifdef FIXED
    MPI_Win_flush(1, win);
#endif
    MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(1, win);
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Get(&sum, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
    result = sum;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  if (rank == 0) {
    fprintf(stderr, "target holds %d\n", result);
    assert(result == 6);
  }
  MPI_Finalize();
  return 0;
}
