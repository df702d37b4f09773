// Heap blocks that stay private to a function are not checked (the pass
// proves MPI never sees them); a heap block that reaches MPI through a
// static helper, or a static helper's parameter that one caller fills with
// a pending receive buffer, keeps its checks. Rank 1 posts a receive into a
// malloc'd block through post_recv(), then fills it through a helper that
// is also used for a private scratch block: the fill of the receive buffer
// is an error at the helper's line, called from main. The private blocks
// (scratch, swapped grids) run clean. Twin (-DFIXED): the fill waits.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

static MPI_Request post_recv(double *buf) {
  MPI_Request req;
  MPI_Irecv(buf, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
  return req;
}

// Not inlined: its parameter is a private block in one call and the
// pending receive buffer in the other.
__attribute__((noinline)) static void fill(double *a, double v) {
  for (int i = 0; i < N; i += 7)
    a[i] = v;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *u = malloc(N * sizeof(double)), *v = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    u[i] = v[i] = i;
  for (int it = 0; it < 10; it++) { // two private grids, swapped
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    double *t = u;
    u = v;
    v = t;
  }
  double *scratch = malloc(N * sizeof(double));
  fill(scratch, 1.0);
  if (rank == 1) {
    double *buf = malloc(N * sizeof(double));
    MPI_Request req = post_recv(buf);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    fill(buf, 2.0);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in fill {{.*}}heap_through_helpers.c:29
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}heap_through_helpers.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (64 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in post_recv {{.*}}heap_through_helpers.c:21
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("u %g scratch %g buf %g\n", u[N / 2], scratch[7], buf[1]);
    // OK: u 32 scratch 1 buf 1
    free(buf);
  } else {
    double *out = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++)
      out[i] = i;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(out, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    free(out);
  }
  free(scratch);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
