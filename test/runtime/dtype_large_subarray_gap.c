// MPI 4.1 5.1.3: a column block of a large matrix described as a subarray,
// or as a contiguous type over a column vector, covers only its column;
// the other columns may be written while the sends are pending, however
// many rows the matrix has. Twin (-DFIXED): only other columns are written.
// Flattened, such a type stays below MPISync's cap of 2^20 segments per
// type (beyond it the hull would stand in, see docs/design.md).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 100000
#define COLS 4

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *m = malloc(sizeof(int) * ROWS * COLS);
  if (rank == 0) {
    // Column 1 as a subarray, column 2 as contiguous(1, vector).
    int sizes[2] = {ROWS, COLS}, subsizes[2] = {ROWS, 1}, starts[2] = {0, 1};
    MPI_Datatype sub, vec, col2;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT,
                             &sub);
    MPI_Type_vector(ROWS, 1, COLS, MPI_INT, &vec);
    MPI_Type_contiguous(1, vec, &col2);
    MPI_Type_commit(&sub);
    MPI_Type_commit(&col2);
    for (int i = 0; i < ROWS * COLS; i++)
      m[i] = i % COLS;
    MPI_Request reqs[2];
    MPI_Isend(m, 1, sub, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(m + 2, 1, col2, 1, 1, MPI_COMM_WORLD, &reqs[1]);
    for (int r = 0; r < ROWS; r++)
      m[r * COLS] = m[r * COLS + 3] = -1; // columns 0 and 3
#ifndef FIXED
    m[7 * COLS + 1] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_large_subarray_gap.c:[[@LINE-3]]
    // CHECK: is 116 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_large_subarray_gap.c:[[@LINE-10]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Type_free(&sub);
    MPI_Type_free(&col2);
    MPI_Type_free(&vec);
  } else {
    long sum = 0;
    MPI_Recv(m, ROWS, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int r = 0; r < ROWS; r++)
      sum += m[r];
    MPI_Recv(m, ROWS, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int r = 0; r < ROWS; r++)
      sum += m[r];
    printf("rank 1 received columns summing to %ld\n", sum);
    // OK: rank 1 received columns summing to 300000
  }
  free(m);
  MPI_Finalize();
  return 0;
}
