// A program built with plain mpicc (no instrumentation, not linked with the
// runtime) gets amplify through LD_PRELOAD=libmpisync_preload.so: its
// MPI_Irecv buffer, read before MPI_Wait, holds the poison, so its assert
// fails only under the preloaded runtime with amplify=1. The fixed twin
// passes there, and stats=1 shows the layer at work.
// RUN: %plain_mpicc -g %s -o %t
// LD_PRELOAD splits its list at spaces, so the library is named by its
// file name and found through LD_LIBRARY_PATH (the build may be in a
// path with spaces; docs/amplify.md).
// RUN: %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t
// RUN: %mpiexec -n 2 env LD_LIBRARY_PATH=%libdir LD_PRELOAD=libmpisync_preload.so %t
// RUN: not %mpiexec -n 2 env LD_LIBRARY_PATH=%libdir LD_PRELOAD=libmpisync_preload.so MPISYNC_OPTIONS=amplify=1 %t 2>&1 | FileCheck %s
// The variable may also be set for mpiexec itself.
// RUN: env LD_LIBRARY_PATH=%libdir LD_PRELOAD=libmpisync_preload.so MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %plain_mpicc -g -DFIXED %s -o %t.fixed
// RUN: %mpiexec -n 2 env LD_LIBRARY_PATH=%libdir LD_PRELOAD=libmpisync_preload.so MPISYNC_OPTIONS=amplify=1:stats=1 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: rank 0 saw {{-?}}nan
// CHECK: Assertion
// FIXED: rank 0 saw 42
// Each rank prints its counts (rank 1 held the send, rank 0 poisoned).
// FIXED-DAG: sends held {{ *}}1
// FIXED-DAG: buffers poisoned {{ *}}1
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double x = 0, seen;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Irecv(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    seen = x; // BUG (without -DFIXED): the buffer is MPI's until MPI_Wait
#ifndef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    fprintf(stderr, "rank 0 saw %g\n", seen);
    assert(!isnan(seen));
  } else if (rank == 1) {
    x = 42;
    MPI_Isend(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
