// MPI 4.1 3.7.3: MPI_Request_free of an active request gives up any way to
// learn when it completes, so writing its send buffer afterwards is
// reported (freed-request-buffer-access); reading it stays allowed.
// Twin (-DFIXED): after the free the buffer is only read.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {5, 6, 7, 8}, ack = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Request_free(&req);
    MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int sum = buf[0] + buf[3];
#ifndef FIXED
    buf[1] = ack;
    // CHECK: ERROR: MPISync: freed-request-buffer-access on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (the request was freed with MPI_Request_free before it completed
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (4 x MPI_INT, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active.c:[[@LINE-10]]
    // CHECK: here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active.c:[[@LINE-11]]
    // CHECK: SUMMARY: MPISync: freed-request-buffer-access {{.*}}request_free_active.c:[[@LINE-8]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}request_free_active.c:[[@LINE-13]]
#endif
    printf("rank 0 sum %d ack %d\n", sum, ack);
    // OK: rank 0 sum 13 ack 26
  } else {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ack = buf[0] + buf[1] + buf[2] + buf[3];
    MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
