/* A correct MPI program: rank 0 sends 0..9 with MPI_Isend, rank 1 prints
   the sum it received. Used by the driver tests that build and run. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[10];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    for (int i = 0; i < 10; i++)
      buf[i] = i;
    MPI_Isend(buf, 10, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    int sum = 0;
    MPI_Recv(buf, 10, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 10; i++)
      sum += buf[i];
    printf("rank 1 received %d\n", sum);
  }
  MPI_Finalize();
  return 0;
}
