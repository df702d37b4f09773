// A loop whose iterations go through a computed goto (`goto *tbl[i]`, an
// indirectbr to block addresses) keeps its one body: a copy of it would
// jump back into the original blocks (pass/PendingLoopVersioning.cpp).
// Run while nothing is pending (where a copy would have run) and while a
// receive is pending elsewhere (the checked body): both results are the
// native ones, and nothing is reported, at -O0 and -O2.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O0 %s -o %t.O0
// RUN: %mpiexec -n 2 %t.O0 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

__attribute__((noinline)) static double alternate(const double *a,
                                                  const int *idx, int n) {
  static void *const tbl[] = {&&add, &&sub};
  double acc = 0;
  int i = 0;
  goto *tbl[0];
add:
  acc += a[idx[i]];
  if (++i >= n)
    return acc;
  goto *tbl[i & 1];
sub:
  acc -= a[idx[i]];
  if (++i >= n)
    return acc;
  goto *tbl[i & 1];
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, in = 0, out = 1;
  int idx[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  MPI_Request req[2];
  int peer = 1 - rank;
  double idle = alternate(a, idx, 8); // nothing pending
  MPI_Irecv(&in, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &req[0]);
  double busy = alternate(a, idx, 8); // a receive pending
  MPI_Isend(&out, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &req[1]);
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  printf("rank %d: %g %g %g\n", rank, idle, busy, in);
  // CHECK-DAG: rank 0: 4 4 1
  // CHECK-DAG: rank 1: 4 4 1
  MPI_Finalize();
  return 0;
}
