// MPI 4.1 5.1.2/3.7.2: the receive buffer of an indexed type is only its
// blocks; reading the holes between them while the receive is pending is
// fine, reading a block is an error (with its element). Twin (-DFIXED): only
// hole reads before MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double buf[14];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    // Blocks {1 at 0, 3 at 4}: extent 7 doubles. Element 0 is buf[0,4,5,6],
    // element 1 is buf[7,11,12,13].
    int lens[2] = {1, 3}, disps[2] = {0, 4};
    MPI_Datatype idx;
    MPI_Type_indexed(2, lens, disps, MPI_DOUBLE, &idx);
    MPI_Type_commit(&idx);
    for (int i = 0; i < 14; i++)
      buf[i] = -1.0;
    MPI_Request req;
    MPI_Irecv(buf, 2, idx, 0, 0, MPI_COMM_WORLD, &req);
    double holes = buf[1] + buf[2] + buf[3] + buf[8] + buf[9] + buf[10];
#ifndef FIXED
    holes += buf[11];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_indexed_gap.c:[[@LINE-3]]
    // CHECK: is 88 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (2 x {{.*}}, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_indexed_gap.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}dtype_indexed_gap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}dtype_indexed_gap.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 holes %g data %g %g %g\n", holes, buf[0], buf[6], buf[13]);
    // OK: rank 1 holes -6 data 1 4 8
    MPI_Type_free(&idx);
  } else {
    double data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
