// The library of dlopen_module.c: built by the MPI's own mpicc, loaded after
// MPI_Init; its MPI call is the one a report names.
#include <mpi.h>

int start_send(int *buf, int n, int peer, MPI_Request *req) {
  return MPI_Isend(buf, n, MPI_INT, peer, 0, MPI_COMM_WORLD, req);
}
