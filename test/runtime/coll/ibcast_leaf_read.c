// On a non-root rank the buffer of a pending MPI_Ibcast is a receive
// buffer: reading it before completion is an error.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, data[4] = {1, 2, 3, 4};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  MPI_Ibcast(data, 4, MPI_INT, 0, MPI_COMM_WORLD, &req);
  int early = 0;
  if (rank == 1) {
    early = data[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 {{.*}} by rank 1
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}ibcast_leaf_read.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Ibcast (4 x MPI_INT, element 0), started here:
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d early %d\n", rank, early);
  MPI_Finalize();
  return 0;
}
