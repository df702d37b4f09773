// MPI 4.1 3.7.2: the send buffer of a pending MPI_Issend must not be written
// before completion; a synchronous send completes only once matched.
// Twin (-DFIXED): write after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double buf[4] = {1.5, 2.5, 3.5, 4.5};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Issend(buf, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    buf[0] = 0.0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}issend_write.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the send buffer {{.*}} of a pending MPI_Issend (4 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}issend_write.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}issend_write.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Issend at {{.*}}issend_write.c:[[@LINE-8]]
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[0] = 0.0;
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(buf, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %g %g\n", buf[0], buf[3]);
    // OK: rank 1 received 1.5 4.5
  }
  MPI_Finalize();
  return 0;
}
