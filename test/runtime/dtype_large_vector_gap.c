// MPI 4.1 5.1.2: a column of a large row-major matrix is a vector type with
// one block per row; the other columns are not part of the message and may
// be written while the send is pending, however many rows there are.
// Twin (-DFIXED): only other columns are written.
// MPISync keeps such a vector as one block repeated (DataMap::reps), so
// the map stays exact whatever the number of rows.
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
    MPI_Datatype column;
    MPI_Type_vector(ROWS, 1, COLS, MPI_INT, &column);
    MPI_Type_commit(&column);
    for (int i = 0; i < ROWS * COLS; i++)
      m[i] = i % COLS;
    MPI_Request req;
    MPI_Isend(m + 2, 1, column, 1, 0, MPI_COMM_WORLD, &req); // column 2
    for (int r = 0; r < ROWS; r++)
      m[r * COLS + 1] = m[r * COLS + 3] = -1; // columns 1 and 3
#ifndef FIXED
    m[(ROWS - 1) * COLS + 2] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_large_vector_gap.c:[[@LINE-3]]
    // CHECK: is 1599984 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_large_vector_gap.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&column);
  } else {
    MPI_Recv(m, ROWS, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    long sum = 0;
    for (int r = 0; r < ROWS; r++)
      sum += m[r];
    printf("rank 1 received a column summing to %ld\n", sum);
    // OK: rank 1 received a column summing to 200000
  }
  free(m);
  MPI_Finalize();
  return 0;
}
