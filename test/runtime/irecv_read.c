// Reading the buffer of a pending MPI_Irecv is an error: before the data
// arrived the read sees stale values (manifest).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    int early = buf[3];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_read.c:[[@LINE-3]]
    // CHECK: is 12 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (4 x MPI_INT, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_read.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}irecv_read.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}irecv_read.c:[[@LINE-7]]
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("early %d late %d\n", early, buf[3]);
  } else {
    int data[4] = {1, 2, 3, 4};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
