// MPI 4.1 5.1.3: a subarray type (C order) sends only the sub-block; the
// rest of the array may be written while the send is pending.
// Twin (-DFIXED): only writes outside the sub-block.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, a[4][6];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // Rows 1..2, columns 2..4.
    int sizes[2] = {4, 6}, subsizes[2] = {2, 3}, starts[2] = {1, 2};
    MPI_Datatype sub;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT,
                             &sub);
    MPI_Type_commit(&sub);
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 6; j++)
        a[i][j] = 10 * i + j;
    MPI_Request req;
    MPI_Isend(a, 1, sub, 1, 0, MPI_COMM_WORLD, &req);
    a[0][0] = a[1][1] = a[1][5] = a[2][1] = a[3][3] = -1;
#ifndef FIXED
    a[2][3] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_subarray_gap.c:[[@LINE-3]]
    // CHECK: is 60 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_subarray_gap.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_subarray_gap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_subarray_gap.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&sub);
  } else {
    int got[6];
    MPI_Recv(got, 6, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d %d %d\n", got[0], got[1], got[2],
           got[3], got[4], got[5]);
    // OK: rank 1 received 12 13 14 22 23 24
  }
  MPI_Finalize();
  return 0;
}
