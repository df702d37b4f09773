// A halo exchange on a ring of ranks with a classic bug: the outgoing halo
// is updated while its MPI_Isend is still pending. Built with MPISync
// (CMakeLists.txt), every rank reports it; mpisync-report merges the
// reports of all ranks into one.
#include <mpi.h>
#include <stdio.h>

#define N 256

int main(int argc, char **argv) {
  static double field[N], halo_out[N], halo_in[N];
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < N; i++)
    field[i] = rank + i * 1e-3;

  for (int step = 0; step < 3; step++) {
    MPI_Request reqs[2];
    for (int i = 0; i < N; i++)
      halo_out[i] = field[i];
    MPI_Irecv(halo_in, N, MPI_DOUBLE, (rank + size - 1) % size, step,
              MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(halo_out, N, MPI_DOUBLE, (rank + 1) % size, step,
              MPI_COMM_WORLD, &reqs[1]);
    halo_out[0] = -1.0; /* BUG: the send is still pending */
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < N; i++)
      field[i] = 0.5 * (field[i] + halo_in[i]);
  }
  printf("rank %d: field[1] = %g\n", rank, field[1]);
  MPI_Finalize();
  return 0;
}
