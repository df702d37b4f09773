// A multigrid code keeps its grids and its halo buffers in the fields of a
// file-local array of levels. The grids (swapped after each sweep) never
// reach MPI and are not checked; the receive buffer in the same struct is:
// rank 1 reads it through a helper that takes the level's address while
// the receive is pending, an error at the read's line. Twin (-DFIXED): the
// read waits.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 32

typedef struct {
  int n;
  double *u, *t, *rbuf;
} Level;

static Level lev[2];

// Not inlined: reached with &lev[l].
__attribute__((noinline)) static void sweep(Level *L) {
  for (int i = 1; i < L->n - 1; i++)
    L->t[i] = 0.5 * (L->u[i - 1] + L->u[i + 1]);
  double *tmp = L->u;
  L->u = L->t;
  L->t = tmp;
}

__attribute__((noinline)) static double edge(Level *L) {
  return L->rbuf[3];
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int l = 0; l < 2; l++) {
    lev[l].n = N >> l;
    lev[l].u = calloc(N, sizeof(double));
    lev[l].t = calloc(N, sizeof(double));
    lev[l].rbuf = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++)
      lev[l].u[i] = lev[l].t[i] = i;
  }
  MPI_Request req;
  if (rank == 1) {
    MPI_Irecv(lev[1].rbuf, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    for (int it = 0; it < 4; it++)
      sweep(&lev[it % 2]);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    double e = edge(&lev[1]);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in edge {{.*}}heap_in_static_fields.c:34
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}heap_in_static_fields.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (32 x MPI_DOUBLE, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}heap_in_static_fields.c:[[@LINE-13]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("u %g edge %g\n", lev[0].u[5], e);
    // OK: u 5 edge 3
  } else {
    double out[N];
    for (int i = 0; i < N; i++)
      out[i] = i;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(out, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
  for (int l = 0; l < 2; l++) {
    free(lev[l].u);
    free(lev[l].t);
    free(lev[l].rbuf);
  }
  MPI_Finalize();
  return 0;
}
