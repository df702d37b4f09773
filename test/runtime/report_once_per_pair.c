// Reports: one report per (access site, MPI call site) pair, however often
// the access repeats (a loop over the whole buffer), and a separate report
// for the same access site against another pending operation.
// Twin (-DFIXED): the loop runs after MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

static void clear(int *p, int n) {
  for (int i = 0; i < n; i++)
    p[i] = 0;
}

int main(int argc, char **argv) {
  int rank, a[16], b[16];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 16; i++)
      a[i] = b[i] = i;
    MPI_Request reqs[2];
    MPI_Isend(a, 16, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(b, 16, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
#ifdef FIXED
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
#endif
    for (int round = 0; round < 3; round++) {
      clear(a, 16);
      clear(b, 16);
    }
#ifndef FIXED
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
#endif
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}report_once_per_pair.c:[[@LINE-24]]:{{[0-9]+}} in clear; MPI_Isend at {{.*}}report_once_per_pair.c:[[@LINE-13]]
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}report_once_per_pair.c:[[@LINE-26]]:{{[0-9]+}} in clear; MPI_Isend at {{.*}}report_once_per_pair.c:[[@LINE-14]]
    // CHECK-NOT: ERROR: MPISync
    printf("rank 0 cleared %d %d\n", a[15], b[15]);
    // OK: rank 0 cleared 0 0
  } else {
    MPI_Recv(a, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b, 16, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
