// MPI 4.1 3.7.2: a pending send buffer must not be released either; free()
// or realloc() before completion is reported (pending-buffer-freed) even
// when the library already copied the data. Twin (-DFIXED): release after
// MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    double *a = malloc(4 * sizeof(double));
    double *b = malloc(4 * sizeof(double));
    for (int i = 0; i < 4; i++)
      a[i] = b[i] = i;
    MPI_Request ra, rb;
    MPI_Isend(a, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &ra);
    MPI_Wait(&ra, MPI_STATUS_IGNORE);
    MPI_Isend(b, 4, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &rb);
#ifndef FIXED
    b = realloc(b, 1024 * sizeof(double));
    // CHECK: ERROR: MPISync: pending-buffer-freed on rank 0
    // CHECK-NEXT: realloc() releases {{.*}} on rank 0 while MPI still owns part of it:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}free_pending_isend.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (4 x MPI_DOUBLE), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}free_pending_isend.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: pending-buffer-freed {{.*}}free_pending_isend.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}free_pending_isend.c:[[@LINE-8]]
    // CHECK-NOT: ERROR: MPISync
#endif
    free(a); // its send completed
    MPI_Wait(&rb, MPI_STATUS_IGNORE);
    free(b);
  } else {
    double in[8];
    MPI_Recv(in, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(in + 4, 4, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %g %g\n", in[3], in[7]);
    // OK: rank 1 received 3 3
  }
  MPI_Finalize();
  return 0;
}
