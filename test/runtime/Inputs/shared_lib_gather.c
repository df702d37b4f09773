// The instrumented shared library of shared_library_loops.c: a ghost value
// arrives into the tail of x while the loop gathers x[idx[i]] (the loop's
// instrumented copy, whose cold calls into the runtime keep the loop's
// bound and pointers in registers across them).
#include <mpi.h>

double gather_sum(double *x, const int *idx, int n, int ghosts, int peer) {
  MPI_Request req[2];
  MPI_Irecv(x + n, ghosts, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &req[0]);
  MPI_Isend(x, ghosts, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &req[1]);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += x[idx[i]] * (double)(i % 7 + 1);
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  for (int g = 0; g < ghosts; g++)
    sum += x[n + g];
  return sum;
}
