// Rank 1 receives a 2000 x 2000 matrix of doubles column by column: 2,000
// MPI_Irecv pending at once, each a strided type (one double per row) whose
// extent covers the whole matrix, so every column's extent meets every
// other's while their data never share a granule. Each start compared its
// column with every pending one segment by segment, each completion walked
// every pending column for each of its elements to mark again what they
// keep there, and each of the library's 4 million element copies, applied
// through the index when the copy log filled, visited every unobserved
// column: O(n^3), 69 s where the program needs 0.3 s. Now a start skips
// the walk when no granule of its data is marked, a completion re-marks
// only granules marked for two buffers (kShadowShared), and a copy is
// counted for the column the previous copy went to when its granules hold
// one buffer's data. No timing is asserted; the timeout turns the old
// behaviour into a failure. Clean, and the matrix arrives transposed.
// Twin (-DBUG): rank 1 writes an element of column 5 while it is pending.
// RUN: %mpicc -fsanitize=mpisync -g -O2 %s -o %t
// RUN: timeout 60 %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -O2 -DBUG %s -o %t.bug
// RUN: not timeout 60 %mpiexec -n 2 %t.bug > %t.bug.out 2>&1
// RUN: FileCheck %s < %t.bug.out
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kN = 2000 };

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *a = malloc(sizeof(double) * kN * kN);
  MPI_Request *reqs = malloc(sizeof(MPI_Request) * kN);
  MPI_Datatype column;
  MPI_Type_vector(kN, 1, kN, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  if (rank == 0) {
    for (long i = 0; i < (long)kN * kN; i++)
      a[i] = (double)i;
    for (int j = 0; j < kN; j++) // row j goes to column j
      MPI_Isend(a + (long)j * kN, kN, MPI_DOUBLE, 1, j, MPI_COMM_WORLD,
                &reqs[j]);
  } else {
    for (long i = 0; i < (long)kN * kN; i++)
      a[i] = -1;
    for (int j = 0; j < kN; j++)
      MPI_Irecv(a + j, 1, column, 0, j, MPI_COMM_WORLD, &reqs[j]);
#ifdef BUG
    a[7 * kN + 5] = 0; // row 7 of column 5
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}many_pending_columns.c:[[@LINE-2]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}many_pending_columns.c:[[@LINE-4]]:{{[0-9]+}} in main
    // CHECK-NOT: ERROR: MPISync
    // CHECK: rank 1 transposed
#endif
  }
  MPI_Waitall(kN, reqs, MPI_STATUSES_IGNORE);
  if (rank == 1) {
    long wrong = 0;
    for (long i = 0; i < kN; i++)
      for (long j = 0; j < kN; j++)
        wrong += a[i * kN + j] != (double)(j * kN + i);
    printf("rank 1 transposed, %ld elements wrong\n", wrong);
    // OK: rank 1 transposed, 0 elements wrong
  }
  MPI_Type_free(&column);
  free(reqs);
  free(a);
  MPI_Finalize();
  return 0;
}
