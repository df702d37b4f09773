// SendCheck covers RMA origins: the origin buffer of MPI_Put (and of the
// accumulates) is hashed on the parent and its clones. Injected
// divergence: a value that differs in every process (the process id) is
// put into the other rank's window. Twin (-DFIXED): no report, and the
// windows hold what the run without clones computes.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// OK-COUNT-4: rank {{[01]}} window 2 3 5 7
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int rank, mem[4] = {0}, origin[2] = {2, 3}, add[2] = {3, 4};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef FIXED
  if (rank == 0)
    origin[1] = (int)getpid();
#endif
  MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                 &win);
  MPI_Win_fence(0, win);
  MPI_Put(origin, 2, MPI_INT, 1 - rank, 0, 2, MPI_INT, win);
  // CHECK: ERROR: MPISync: clone-divergence on rank 0
  // CHECK-NEXT: The data sent by MPI_Put differs between rank 0 and its clone 1 (of 1): {{[1-4]}} of 8 bytes differ, the first at byte {{4|5|6|7}} of the message
  // CHECK: MPI_Put was called here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}sendcheck_rma.c:[[@LINE-4]]
  MPI_Accumulate(add, 2, MPI_INT, 1 - rank, 2, 2, MPI_INT, MPI_SUM, win);
  MPI_Accumulate(origin, 2, MPI_INT, 1 - rank, 2, 2, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(0, win);
  printf("rank %d window %d %d %d %d\n", rank, mem[0], mem[1], mem[2], mem[3]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
