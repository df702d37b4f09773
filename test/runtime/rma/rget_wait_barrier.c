// MPI 4.1 12.3.5: when the request of MPI_Rget completes, the data has been
// read at the target. Rank 0 gets an element of rank 1's window with
// MPI_Rget inside MPI_Win_lock_all and waits for it; after a barrier rank 1
// overwrites the element: ordered by the request and the barrier. Error
// (default): rank 1 overwrites it before the barrier, while the get may
// still be reading it. Twin (-DFIXED): clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, got = -1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
    MPI_Request req;
    MPI_Rget(&got, 1, MPI_INT, 1, 9, 1, MPI_INT, win, &req); // @rget
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
#ifndef FIXED
  if (rank == 1)
    mem[9] = 2; // @store
#endif
  MPI_Barrier(MPI_COMM_WORLD);
#ifdef FIXED
  if (rank == 1)
    mem[9] = 2;
#endif
  MPI_Win_unlock_all(win);
  if (rank == 0)
    printf("got %d\n", got == 1 || got == 2);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 4 bytes at offset 0x24 of rank 1's window memory by rank 1 (a store), here:
// CHECK: #0 {{.*}} in main {{.*}}rget_wait_barrier.c:[[@LINE-16]]
// CHECK: READ of 4 bytes at offset 0x24 of rank 1's window memory by MPI_Rget on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}rget_wait_barrier.c:[[@LINE-23]]
// CHECK: completed at the target by MPI_Wait on rank 0 here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}rget_wait_barrier.c:[[@LINE-20]]{{.*}}; MPI_Rget at {{.*}}rget_wait_barrier.c:[[@LINE-25]]
// OK: got 1
