// Passive target (MPI 4.1 12.5.3): exclusive locks serialize the epochs of
// different origins, shared locks do not. Ranks 0 and 2 each put into the
// same element of rank 1's window inside their own lock epoch, one after
// the other in time. With MPI_LOCK_SHARED (default) the two puts are
// concurrent by the rules, however they happened to run: a conflict.
// Twin (-DFIXED): MPI_LOCK_EXCLUSIVE orders them: clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

#ifdef FIXED
#define LOCK MPI_LOCK_EXCLUSIVE
#else
#define LOCK MPI_LOCK_SHARED
#endif

int main(int argc, char **argv) {
  int rank, *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  int value = rank;
  if (rank == 2)
    usleep(100000); // rank 0's epoch is usually over by now
  if (rank != 1) {
    MPI_Win_lock(LOCK, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, win); // @put
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    printf("value %d\n", mem[3] == 0 || mem[3] == 2);
    MPI_Win_unlock(1, win);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 4 bytes at offset 0xc of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: #0 {{.*}} in main {{.*}}lock_two_origins.c:[[@LINE-15]]
// CHECK: completed at the target by MPI_Win_unlock on rank {{[02]}} here:
// CHECK: WRITE of 4 bytes at offset 0xc of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}lock_two_origins.c:[[@LINE-18]]{{.*}}; MPI_Put at {{.*}}lock_two_origins.c:[[@LINE-18]]
// OK: value 1
