// The receive buffer of a pending MPI_Iscan belongs to MPI until MPI_Wait
// (MPI 4.1 6.12). Natively an early peek sees the old value, a partial sum
// (MPICH adds into the receive buffer as it goes) or the result;
// amplify fills it with the poison (NaN for a double) until MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 3 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 3 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: ERROR: MPISync: recv-buffer-access on rank 2
// CHECK: amplified: poison
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}iscan_read_before_wait.c:34:{{[0-9]+}} in main; MPI_Iscan at {{.*}}iscan_read_before_wait.c:29:
// CHECK: rank 2 peeked {{-?}}nan
// CHECK: Assertion
// FIXED-NOT: MPISync
// FIXED: rank 2 got 6
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double in, out = 0, peek = 0;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  in = rank + 1;
  MPI_Iscan(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
#ifdef FIXED
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  if (rank == 2)
    peek = out; // BUG (without -DFIXED): the result is MPI's until MPI_Wait
#ifndef FIXED
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  if (rank == 2) {
    fprintf(stderr, "rank 2 peeked %g\n", peek);
    fprintf(stderr, "rank 2 got %g\n", out);
    assert(peek >= 0 && peek <= 6); // old value, partial or whole sum
  }
  MPI_Finalize();
  return 0;
}
