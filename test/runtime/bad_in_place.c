// MPI 4.1 2.5.4/3.2: MPI_IN_PLACE is only meaningful for collectives; as a
// point-to-point buffer it is erroneous. MPISync must not treat it as a
// buffer at address -1 (no shadow, no reports elsewhere) nor crash; here the
// receives are cancelled before any data could move, and a zero-count
// send/receive pair with it moves nothing.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {1, 2, 3, 4};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int peer = 1 - rank;
  MPI_Request reqs[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  MPI_Irecv(MPI_IN_PLACE, 4, MPI_INT, peer, 7, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(MPI_IN_PLACE, 0, MPI_INT, peer, 8, MPI_COMM_WORLD, &reqs[1]);
  MPI_Isend(MPI_IN_PLACE, 0, MPI_INT, peer, 8, MPI_COMM_WORLD, &reqs[2]);
  buf[0] += buf[3]; // unrelated memory
  if (reqs[0] != MPI_REQUEST_NULL)
    MPI_Cancel(&reqs[0]);
  MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
  printf("rank %d: %d\n", rank, buf[0]);
  // CHECK-DAG: rank 0: 5
  // CHECK-DAG: rank 1: 5
  MPI_Finalize();
  return 0;
}
