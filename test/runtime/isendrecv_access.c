// MPI 4.1 3.10: MPI_Isendrecv has a send buffer (readable, not writable while
// pending) and a receive buffer (not accessible while pending).
// Twin (-DFIXED): both accesses after MPI_Wait.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, out[4], in[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 4; i++)
    out[i] = 100 * rank + i;
  int peer = 1 - rank;
  if (rank == 0) {
    MPI_Request req;
    MPI_Isendrecv(out, 4, MPI_INT, peer, 0, in, 4, MPI_INT, peer, 0,
                  MPI_COMM_WORLD, &req);
    int sum = out[0] + out[3]; // reading the send buffer is allowed
#ifndef FIXED
    out[1] = sum;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_access.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the send buffer {{.*}} of a pending MPI_Isendrecv (4 x MPI_INT, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_access.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}isendrecv_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isendrecv at {{.*}}isendrecv_access.c:[[@LINE-10]]
    sum += in[2];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_access.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Isendrecv (4 x MPI_INT, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_access.c:[[@LINE-16]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}isendrecv_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isendrecv at {{.*}}isendrecv_access.c:[[@LINE-17]]
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    out[1] = sum;
    sum += in[2];
    printf("rank 0 sum %d\n", sum);
    // OK: rank 0 sum 105
  } else {
    MPI_Sendrecv(out, 4, MPI_INT, peer, 0, in, 4, MPI_INT, peer, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
