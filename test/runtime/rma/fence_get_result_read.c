// MPI 4.1 12.3.2: the result buffer of MPI_Get holds the data only once the
// operation completes (here at the closing fence). Rank 0 reads it inside
// the epoch. Twin (-DFIXED): it reads after the fence.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 4; i++)
    mem[i] = 100 * rank + i;
  int got[4] = {0, 0, 0, 0}, first = 0;
  MPI_Win_fence(0, win);
  if (rank == 0)
    MPI_Get(got, 4, MPI_INT, 1, 0, 4, MPI_INT, win); // @get
#ifndef FIXED
  if (rank == 0)
    first = got[0]; // @read
#endif
  MPI_Win_fence(0, win);
  if (rank == 0)
    printf("got %d %d\n", got[0], got[3]);
  (void)first;
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-result-buffer-access on rank 0
// CHECK: READ of size 4 at {{.*}} by rank 0
// CHECK: #0 {{.*}} in main {{.*}}fence_get_result_read.c:[[@LINE-12]]
// CHECK: receive buffer {{.*}} of a pending MPI_Get (4 x MPI_INT, element 0)
// CHECK: #0 {{.*}} in main {{.*}}fence_get_result_read.c:[[@LINE-17]]
// CHECK: SUMMARY: MPISync: rma-result-buffer-access {{.*}}fence_get_result_read.c:[[@LINE-15]]{{.*}}; MPI_Get at {{.*}}fence_get_result_read.c:[[@LINE-18]]
// OK: got 100 103
