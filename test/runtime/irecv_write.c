// Writing the buffer of a pending MPI_Irecv is an error.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  char buf[100];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 100, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
    buf[99] = 'x';
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 1 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_write.c:[[@LINE-3]]
    // CHECK: is 99 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (100 x MPI_CHAR, element 99), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_write.c:[[@LINE-6]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    char data[100] = "hello";
    MPI_Send(data, 100, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
