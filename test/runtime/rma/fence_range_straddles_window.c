// A range access that starts before a window and reaches into it is
// recorded for the part inside the window. Rank 1 exposes the middle of an
// array (elements 64..127) in a window; rank 0 puts into its first element.
// In the same fence epoch rank 1 copies elements 32..95 out of the array
// (one memcpy, a range of 256 bytes whose first half is outside the
// window): the copy reads the location the put updates (MPI 4.1 12.7, rule
// 1). Twin (-DFIXED): the copy comes after the closing fence.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -O2 %s -o %t.O2
// RUN: not %mpiexec -n 2 %t.O2 > %t.O2.out 2>&1
// RUN: FileCheck %s < %t.O2.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int array[192], copy[64];

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 192; i++)
    array[i] = i;
  MPI_Win_create(array + 64, 64 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  int value = -1;
  if (rank == 0)
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @put
  MPI_Barrier(MPI_COMM_WORLD);
#ifndef FIXED
  if (rank == 1)
    memcpy(copy, array + 32, sizeof(copy)); // @copy
#endif
  MPI_Win_fence(0, win);
#ifdef FIXED
  if (rank == 1)
    memcpy(copy, array + 32, sizeof(copy));
#endif
  if (rank == 1)
    printf("copied %d %d\n", copy[0], copy[32]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of {{[0-9]+}} bytes at offset 0x0 of rank 1's window memory by rank 1 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}fence_range_straddles_window.c:[[@LINE-15]]
// CHECK: WRITE of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}fence_range_straddles_window.c:[[@LINE-21]]
// OK: copied 32 -1
