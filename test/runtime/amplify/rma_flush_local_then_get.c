// Nasty-MPI's third program: a Put only locally completed by
// MPI_Win_flush_local, then a Get of the same location. Local completion
// frees the origin buffer, nothing more (MPI 4.1 12.5.4): the Put may reach
// the target after the Get. MPICH applies them in order; amplify copies the
// Put's origin at flush_local, holds the Put until the unlock and issues
// the Get first there (amplify_order=reverse, with a flush between them),
// so the Get reads the old value.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.out
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=get_first not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=get_first %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=7 %mpiexec -n 2 %t.fixed
// CHECK: got 0
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
    int value = 42, got = -1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
#ifdef FIXED
    MPI_Win_flush(1, win);
#else
    MPI_Win_flush_local(1, win); // BUG: only local completion
#endif
    value = 7; // allowed: the origin buffer is free again
    MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
    result = got;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  if (rank == 0) {
    fprintf(stderr, "got %d\n", result);
    assert(result == 42);
  }
  MPI_Finalize();
  return 0;
}
