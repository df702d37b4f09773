// Reading the buffer of a pending send is allowed since MPI 3.0, and writing
// it after MPI_Wait is fine: no report, and the program's result is intact.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s
// CHECK-NOT: MPISync
// CHECK: rank 1 received 45
// CHECK-NOT: MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[10];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 10; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 10, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    volatile int sum = 0;
    for (int i = 0; i < 10; i++)
      sum += buf[i];
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[2] = sum;
  } else {
    MPI_Recv(buf, 10, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int sum = 0;
    for (int i = 0; i < 10; i++)
      sum += buf[i];
    printf("rank 1 received %d\n", sum);
  }
  MPI_Finalize();
  return 0;
}
