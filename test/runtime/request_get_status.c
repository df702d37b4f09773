// MPI 4.1 3.7.3: MPI_Request_get_status with flag = true means the operation
// completed: the buffer is the program's, though the request must still be
// freed or completed (here MPI_Wait). With flag = false it is still pending.
// Twin (-DFIXED): read only after flag = true.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  long buf[3] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    int flag = 0;
    long seen = 0;
    MPI_Irecv(buf, 3, MPI_LONG, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
#ifndef FIXED
    if (!flag)
      seen = buf[2];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_get_status.c:[[@LINE-3]]
    // CHECK: is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (3 x MPI_LONG, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_get_status.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}request_get_status.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}request_get_status.c:[[@LINE-10]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    while (!flag)
      MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
    seen += buf[0] + buf[2]; // complete: readable before MPI_Wait
    buf[1] = 0;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 saw %ld\n", seen);
    // OK: rank 1 saw 404
  } else {
    long data[3] = {101, 202, 303};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 3, MPI_LONG, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
