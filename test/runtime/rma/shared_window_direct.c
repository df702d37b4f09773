// MPI 4.1 12.2.3: the memory of a window from MPI_Win_allocate_shared can
// be loaded and stored directly by every member (MPI_Win_shared_query).
// Rank 0 puts into rank 1's segment and, in the same fence epoch, loads
// that element through its own pointer to the segment: the load and the
// put are both rank 0's, on rank 1's memory (rank 1 reports, as owner).
// Twin (-DFIXED): the load follows the fence.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mine, *theirs, unit;
  MPI_Aint size;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate_shared(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                          MPI_COMM_WORLD, &mine, &win);
  MPI_Win_shared_query(win, 1, &size, &unit, &theirs);
  for (int i = 0; i < 16; i++)
    mine[i] = rank;
  MPI_Win_fence(0, win);
  int value = 33, seen = 0;
  if (rank == 0) {
    MPI_Put(&value, 1, MPI_INT, 1, 2, 1, MPI_INT, win); // @put
#ifndef FIXED
    seen = theirs[2]; // @read
#endif
  }
  MPI_Win_fence(0, win);
#ifdef FIXED
  if (rank == 0)
    seen = theirs[2];
#endif
  if (rank == 0)
    printf("seen %d\n", seen == 33 || seen == 1);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-local-conflict on rank 1
// CHECK: READ of 4 bytes at offset 0x8 of rank 1's window memory by rank 0 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}shared_window_direct.c:[[@LINE-16]]
// CHECK: WRITE of 4 bytes at offset 0x8 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}shared_window_direct.c:[[@LINE-20]]
// CHECK: SUMMARY: MPISync: rma-local-conflict {{.*}}shared_window_direct.c:[[@LINE-19]]{{.*}}; MPI_Put at {{.*}}shared_window_direct.c:[[@LINE-21]]
// OK: seen 1
