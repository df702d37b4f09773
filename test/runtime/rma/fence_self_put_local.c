// MPI 4.1 12.7, rule 1, on one process: rank 0 puts into its own window
// and loads the element before the fence that completes the put; the load
// may see the old or the new value. Twin (-DFIXED): the load follows the
// fence. A single process: the conflict is local.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  int mem[16] = {0};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(mem, sizeof(mem), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  int value = 9, seen = 0;
  if (rank == 0) {
    MPI_Put(&value, 1, MPI_INT, 0, 4, 1, MPI_INT, win); // @put
#ifndef FIXED
    seen = mem[4]; // @read
#endif
  }
  MPI_Win_fence(0, win);
#ifdef FIXED
  seen = mem[4];
#endif
  if (rank == 0)
    printf("seen %d\n", seen == 9 || seen == 0);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-local-conflict on rank 0
// CHECK: READ of 4 bytes at offset 0x10 of rank 0's window memory by rank 0 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}fence_self_put_local.c:[[@LINE-15]]
// CHECK: WRITE of 4 bytes at offset 0x10 of rank 0's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}fence_self_put_local.c:[[@LINE-19]]
// CHECK: SUMMARY: MPISync: rma-local-conflict {{.*}}fence_self_put_local.c:[[@LINE-18]]{{.*}}; MPI_Put at {{.*}}fence_self_put_local.c:[[@LINE-20]]
// OK: seen 1
