// MPI 4.1 3.10: MPI_Isendrecv with disjoint send and receive buffers, even
// adjacent ones inside one array, is correct (twin of isendrecv_overlap.c).
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 8; i++)
    buf[i] = 10 * rank + i;
  int peer = 1 - rank;
  MPI_Request req;
  // Send buf[0..4), receive into buf[4..8).
  MPI_Isendrecv(buf, 4, MPI_INT, peer, 0, buf + 4, 4, MPI_INT, peer, 0,
                MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d got %d %d\n", rank, buf[4], buf[7]);
  // CHECK-DAG: rank 0 got 10 13
  // CHECK-DAG: rank 1 got 0 3
  MPI_Finalize();
  return 0;
}
