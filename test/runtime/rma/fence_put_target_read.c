// MPI 4.1 12.7, rule 1: a location updated by MPI_Put must not be accessed
// by the target's loads until the update is visible, that is until the
// fence that ends the epoch. Rank 0 puts into rank 1's window; rank 1 reads
// the location in the same fence epoch (after a barrier, which orders
// nothing for RMA: the put may land any time before the closing fence).
// Twin (-DFIXED): rank 1 reads after the closing fence.
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
    mem[i] = 0;
  MPI_Win_fence(0, win);
  int value = 42, seen = -1;
  if (rank == 0)
    MPI_Put(&value, 1, MPI_INT, 1, 2, 1, MPI_INT, win); // @put
  MPI_Barrier(MPI_COMM_WORLD);
#ifndef FIXED
  if (rank == 1)
    seen = mem[2]; // @read
#endif
  MPI_Win_fence(0, win); // @fence
#ifdef FIXED
  if (rank == 1)
    seen = mem[2];
#endif
  if (rank == 1)
    printf("seen %d\n", seen >= 0);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 4 bytes at offset 0x8 of rank 1's window memory by rank 1 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}fence_put_target_read.c:[[@LINE-15]]
// CHECK: WRITE of 4 bytes at offset 0x8 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}fence_put_target_read.c:[[@LINE-21]]
// CHECK: completed at the target by MPI_Win_fence on rank 0 here:
// CHECK: #0 {{.*}} in main {{.*}}fence_put_target_read.c:[[@LINE-17]]
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}fence_put_target_read.c:[[@LINE-20]]{{.*}} in main; MPI_Put at {{.*}}fence_put_target_read.c:[[@LINE-24]]
// OK: seen 1
