// MPI 4.1 5.1.3: a subarray in Fortran order (first dimension fastest)
// receives into the sub-block only; reading outside it while the receive is
// pending is fine. Twin (-DFIXED): only reads outside the sub-block.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, a[12];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    // A 4 x 3 array, element (i, j) at a[i + 4 * j]; sub-block rows 1..2,
    // columns 1..2: a[5], a[6], a[9], a[10].
    int sizes[2] = {4, 3}, subsizes[2] = {2, 2}, starts[2] = {1, 1};
    MPI_Datatype sub;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN,
                             MPI_INT, &sub);
    MPI_Type_commit(&sub);
    for (int k = 0; k < 12; k++)
      a[k] = 0;
    MPI_Request req;
    MPI_Irecv(a, 1, sub, 0, 0, MPI_COMM_WORLD, &req);
    int outside = a[0] + a[4] + a[7] + a[8] + a[11];
#ifndef FIXED
    outside += a[9];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_subarray_fortran.c:[[@LINE-3]]
    // CHECK: is 36 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (1 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_subarray_fortran.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}dtype_subarray_fortran.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}dtype_subarray_fortran.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 outside %d, a[5] a[6] a[9] a[10] = %d %d %d %d\n", outside,
           a[5], a[6], a[9], a[10]);
    // OK: rank 1 outside 0, a[5] a[6] a[9] a[10] = 1 2 3 4
    MPI_Type_free(&sub);
  } else {
    int data[4] = {1, 2, 3, 4};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
