// A ring exchange with two bugs: every rank writes its pending send buffer
// (the same error on every rank), and rank 0 also reads its pending receive
// buffer (an error on one rank only), after the first one.
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, out[4] = {0}, in[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request reqs[2];
  MPI_Irecv(in, 4, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
            &reqs[0]);
  MPI_Isend(out, 4, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &reqs[1]);
  out[1] = rank; // SEND-WRITE
  int seen = 0;
  if (rank == 0)
    seen = in[2]; // RECV-READ
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  printf("rank %d done %d\n", rank, seen);
  MPI_Finalize();
  return 0;
}
