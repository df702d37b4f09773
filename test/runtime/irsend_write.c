// MPI 4.1 3.4/3.7.2: a ready send needs the receive posted first (the
// barrier orders it); its buffer still must not be written while pending.
// Twin (-DFIXED): write after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  long buf[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 8; i++)
      buf[i] = 10 * i;
    MPI_Barrier(MPI_COMM_WORLD); // rank 1 has posted its receive
    MPI_Request req;
    MPI_Irsend(buf, 8, MPI_LONG, 1, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    buf[7] += 1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irsend_write.c:[[@LINE-3]]
    // CHECK: is 56 bytes from the start of the send buffer {{.*}} of a pending MPI_Irsend (8 x MPI_LONG, element 7), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irsend_write.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}irsend_write.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irsend at {{.*}}irsend_write.c:[[@LINE-8]]
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[7] += 1;
  } else {
    MPI_Request req;
    MPI_Irecv(buf, 8, MPI_LONG, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 received %ld %ld\n", buf[1], buf[7]);
    // OK: rank 1 received 10 70
  }
  MPI_Finalize();
  return 0;
}
