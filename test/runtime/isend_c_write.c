// MPI 4.1 3.7.2 and 3.2.3 (large counts): MPI_Isend_c has the semantics of
// MPI_Isend; writing its pending send buffer is an error.
// Twin (-DFIXED): write after MPI_Wait.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  short buf[16];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 16; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Count n = 16;
    MPI_Isend_c(buf, n, MPI_SHORT, 1, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    buf[5] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 2 at {{.*}} by rank 0 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isend_c_write.c:[[@LINE-3]]
    // CHECK: is 10 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend_c (16 x MPI_SHORT, element 5), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isend_c_write.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}isend_c_write.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend_c at {{.*}}isend_c_write.c:[[@LINE-8]]
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[5] = -1;
  } else {
    MPI_Recv(buf, 16, MPI_SHORT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d\n", buf[5], buf[15]);
    // OK: rank 1 received 5 15
  }
  MPI_Finalize();
  return 0;
}
