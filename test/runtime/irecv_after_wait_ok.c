// Accessing a receive buffer after MPI_Wait (or MPI_Waitall) is correct.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s
// CHECK-NOT: MPISync
// CHECK-DAG: rank 0 got 101
// CHECK-DAG: rank 1 got 100
// CHECK-NOT: MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, in = -1, out;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  out = 100 + rank;
  MPI_Request reqs[2];
  MPI_Irecv(&in, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(&out, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  out = 0;
  in += out;
  printf("rank %d got %d\n", rank, in);
  MPI_Finalize();
  return 0;
}
