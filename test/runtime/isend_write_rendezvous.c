// Above the eager threshold the receiver pulls the data during MPI_Wait:
// a write before the wait reaches the receiver, the conflict is manifest.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 16)

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *buf = calloc(N, sizeof(double));
  if (rank == 0) {
    MPI_Request req;
    MPI_Isend(buf, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
    buf[N - 1] = 1.0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 0 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isend_write_rendezvous.c:[[@LINE-3]]
    // CHECK: is 524280 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (65536 x MPI_DOUBLE, element 65535), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isend_write_rendezvous.c:[[@LINE-6]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(buf, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
// Open MPI copies a message above its eager limit in pieces, the first
// inside the start call: a send counts as consumed only once all of its
// bytes were copied (CountMovedBytes), so the verdict is the same on both
// MPI families.
