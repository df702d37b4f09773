// MPI 4.1 3.7.2: the buffer of a pending MPI_Irecv_c may be neither read nor
// written before completion. Twin (-DFIXED): access after MPI_Wait.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  float buf[6] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv_c(buf, (MPI_Count)6, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    float early = buf[4];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_c_access.c:[[@LINE-3]]
    // CHECK: is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv_c (6 x MPI_FLOAT, element 4), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_c_access.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}irecv_c_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv_c at {{.*}}irecv_c_access.c:[[@LINE-8]]
    buf[1] = early;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_c_access.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv_c (6 x MPI_FLOAT, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}irecv_c_access.c:[[@LINE-14]]
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 received %g %g\n", buf[1], buf[4]);
    // OK: rank 1 received 1.25 4.25
  } else {
    float data[6];
    for (int i = 0; i < 6; i++)
      data[i] = i + 0.25f;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send_c(data, (MPI_Count)6, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
