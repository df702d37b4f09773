// Two bugs the clang plugin reports (tools/warning_flags.test): a write to
// a pending send buffer, and a request that goes out of scope pending.
#include <mpi.h>

static int buf[4];

void start(void) {
  MPI_Request req;
  MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  // a comment, so line numbers stay put
  buf[1] = 2;
}
