// The instrumented shared library of shared_library.c: it starts the send
// and, without -DFIXED, writes the buffer while the send is pending.
#include <mpi.h>

void send_and_touch(int *buf, int peer) {
  MPI_Request req;
  MPI_Isend(buf, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
  buf[0] = 10;
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[0] = 10;
}
