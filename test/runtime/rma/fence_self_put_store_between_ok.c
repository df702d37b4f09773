// Rank 0 Puts four tiles into its own window, one after another from one
// call, and before each Put stores into the first element of the tile the
// Put will write: the store comes before that Put in program order, so
// they do not conflict (no report), though a later Put continues an
// earlier one's record only when nothing was recorded in between
// (runtime/mpisync_rma_records.cpp, ContinuedOperation: a record of the
// four Puts together, started at the first, would seem to overlap the
// second store). -DBUG: the store comes after its tile's Put, into the
// tile: an rma-local-conflict at the store's line.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DBUG %s -o %t.bug
// RUN: not %mpiexec -n 2 %t.bug 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

#define T 4

int main(int argc, char **argv) {
  int rank;
  double *mem, src[T] = {1, 2, 3, 4};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(T * T * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < T * T; i++)
    mem[i] = 0;
  MPI_Win_fence(0, win);
  if (rank == 0) {
#pragma clang loop unroll(disable)
    for (int k = 0; k < T; k++) {
#ifndef BUG
      mem[k * T] = -1.0; // before the Put that writes it
#endif
      MPI_Put(src, T, MPI_DOUBLE, 0, (MPI_Aint)k * T, T, MPI_DOUBLE, win);
#ifdef BUG
      mem[k * T + 1] = -1.0; // STORE: the Put is still pending
      // CHECK: ERROR: MPISync: rma-local-conflict on rank 0
      // CHECK: WRITE of 8 bytes at offset 0x8 of rank 0's window memory by rank 0 (a store), here:
      // CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_self_put_store_between_ok.c:[[@LINE-3]]
      // CHECK: by MPI_Put on rank 0, issued here:
      // CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_self_put_store_between_ok.c:[[@LINE-7]]
#endif
    }
  }
  MPI_Win_fence(0, win);
  double sum = 0;
  for (int i = 0; i < T * T; i++)
    sum += mem[i];
  printf("rank %d sum %.1f\n", rank, sum);
  // OK-DAG: rank 0 sum 40.0
  // OK-DAG: rank 1 sum 0.0
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
