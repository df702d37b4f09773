// MPI-4 persistent collective (MPI 4.1 6.13): MPI_Allreduce_init makes no
// buffer pending; each MPI_Start does, until the MPI_Wait of that round.
// Between rounds the buffers are the program's (they are refilled), during
// a round the send buffer may be read, not written, and the receive buffer
// not accessed.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double in[4], out[4], total = 0;
  MPI_Request req;
  MPI_Allreduce_init(in, out, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < 4; i++)
      in[i] = rank + round + i; // inactive: the program's
    MPI_Start(&req);
    double peek = in[0]; // reading the send buffer is allowed
#ifndef FIXED
    if (round == 1 && rank == 0)
      peek += out[2];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: READ of size 8
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}allreduce_init_rounds.c:[[@LINE-3]]
    // CHECK: is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Allreduce_init (4 x MPI_DOUBLE, element 2), started by MPI_Start here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}allreduce_init_rounds.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}allreduce_init_rounds.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Start at {{.*}}allreduce_init_rounds.c:[[@LINE-10]]:{{[0-9]+}} in main
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    total += out[3] + peek - peek;
  }
  MPI_Request_free(&req);
  printf("rank %d total %.0f\n", rank, total);
  // OK-DAG: rank 0 total 27
  // OK-DAG: rank 1 total 27
  MPI_Finalize();
  return 0;
}
