// For attribute_buffer.c: posts a receive into the buffer that another
// file stored as an attribute of the communicator.
#include <mpi.h>

void post_from_attribute(MPI_Comm comm, int key, MPI_Request *req) {
  int *buf, flag = 0;
  MPI_Comm_get_attr(comm, key, &buf, &flag);
  MPI_Irecv(buf, 64, MPI_INT, 0, 0, comm, req); // @irecv
}
