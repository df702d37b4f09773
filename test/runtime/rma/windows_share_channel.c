// Windows over the same group share MPISync's communicator and lock-clock
// window (docs/design.md, "Resources"); each keeps its own tags.
// Ranks 0 and 2 put into one element of rank 1's memory in two windows,
// one after the other in time: in window `a` under shared locks (concurrent
// by the rules: a conflict), in window `b` under exclusive locks (ordered by
// b's lock clock: clean). Exactly one report, for `a`; the windows are
// freed in the opposite order of creation.
// Twin (-DFIXED): exclusive locks in both windows: clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

#ifdef FIXED
#define LOCK_A MPI_LOCK_EXCLUSIVE
#else
#define LOCK_A MPI_LOCK_SHARED
#endif

int main(int argc, char **argv) {
  int rank, *mem_a, *mem_b;
  MPI_Win a, b;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem_a, &a);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem_b, &b);
  for (int i = 0; i < 16; i++)
    mem_a[i] = mem_b[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  int value = rank;
  if (rank == 2)
    usleep(100000); // rank 0's epochs are usually over by now
  if (rank != 1) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, b);
    MPI_Put(&value, 1, MPI_INT, 1, 5, 1, MPI_INT, b); // @put_b
    MPI_Win_unlock(1, b);
    MPI_Win_lock(LOCK_A, 1, 0, a);
    MPI_Put(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, a); // @put_a
    MPI_Win_unlock(1, a);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    printf("values %d %d\n", mem_a[3] == 0 || mem_a[3] == 2,
           mem_b[5] == 0 || mem_b[5] == 2);
  MPI_Win_free(&b);
  MPI_Win_free(&a);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 4 bytes at offset 0xc of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: #0 {{.*}} in main {{.*}}windows_share_channel.c:[[@LINE-14]]
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}windows_share_channel.c:[[@LINE-15]]{{.*}}; MPI_Put at {{.*}}windows_share_channel.c:[[@LINE-15]]
// CHECK-NOT: ERROR: MPISync
// OK: values 1 1
