// MPI 4.1 12.2.4: a dynamic window exposes the memory attached to it, and
// target displacements are addresses (MPI_Get_address) at the target.
// Rank 1 attaches a buffer and sends its address to rank 0, which gets
// from it inside an exclusive lock epoch while rank 1 stores into it.
// Twin (-DFIXED): rank 1 stores only after a barrier that follows rank 0's
// unlock.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  long *buf = malloc(32 * sizeof(long));
  MPI_Aint addr = 0;
  if (rank == 1) {
    for (int i = 0; i < 32; i++)
      buf[i] = i;
    MPI_Win_attach(win, buf, 32 * sizeof(long));
    MPI_Get_address(buf, &addr);
  }
  MPI_Bcast(&addr, 1, MPI_AINT, 1, MPI_COMM_WORLD);
  long got[4] = {0};
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Get(got, 4, MPI_LONG, 1, addr + 8 * sizeof(long), 4, MPI_LONG, win); // @get
    MPI_Win_unlock(1, win);
  }
#ifdef FIXED
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 1)
    buf[10] = -1; // @store
#ifndef FIXED
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 0)
    printf("got %ld\n", got[0]);
  if (rank == 1)
    MPI_Win_detach(win, buf);
  MPI_Win_free(&win);
  free(buf);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 8 bytes at address 0x{{[0-9a-f]+}} of rank 1's window memory by rank 1 (a store), here:
// CHECK: #0 {{.*}} in main {{.*}}dynamic_window_lock.c:[[@LINE-15]]
// CHECK: READ of 32 bytes at address 0x{{[0-9a-f]+}} of rank 1's window memory by MPI_Get on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}dynamic_window_lock.c:[[@LINE-24]]
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}dynamic_window_lock.c:[[@LINE-18]]{{.*}}; MPI_Get at {{.*}}dynamic_window_lock.c:[[@LINE-25]]
// OK: got 8
