// The instrumented plugin of dlopen_instrumented.c. It receives into
// `in` while it sums `a`; with -DBAD it also reads `in` before the wait.
#include <mpi.h>

long plug(long *a, int n, long *in, int peer) {
  MPI_Request req[2];
  MPI_Irecv(in, 1, MPI_LONG, peer, 0, MPI_COMM_WORLD, &req[0]);
  MPI_Isend(a, 1, MPI_LONG, peer, 0, MPI_COMM_WORLD, &req[1]);
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += a[i];
#ifdef BAD
  sum += in[0];
#endif
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  return sum + in[0];
}
