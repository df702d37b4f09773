/* A halo exchange with a classic bug: the send buffer is refilled for the
 * next step before MPI_Wait says the MPI library is done with it.
 * On one MPI and message size this "works"; on another the neighbour
 * receives the next step's data. MPISync reports it on every run. */
#include <mpi.h>
#include <stdio.h>

#define N 1024

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int peer = (rank + 1) % size;
  int from = (rank + size - 1) % size;

  static double halo_out[N], halo_in[N];
  double sum = 0;
  for (int step = 0; step < 3; step++) {
    for (int i = 0; i < N; i++)
      halo_out[i] = rank * 1000.0 + step;
    MPI_Request reqs[2];
    MPI_Irecv(halo_in, N, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(halo_out, N, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    halo_out[0] = -1.0; /* BUG: the send is still pending */
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    sum += halo_in[1];
  }
  printf("rank %d: sum %.1f\n", rank, sum);
  MPI_Finalize();
  return 0;
}
