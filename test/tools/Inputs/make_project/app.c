/* Built by make_recipe.test: it needs the project's own CFLAGS, and it
   writes the buffer of a pending MPI_Isend (line 17). */
#include <mpi.h>

#ifndef PROJECT_FLAGS_KEPT
#error "the project's CFLAGS were lost"
#endif

int main(int argc, char **argv) {
  int rank, buf[8] = {0};
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Isend(buf, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    /* BUG: the send is still pending */
    buf[2] = 7;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
