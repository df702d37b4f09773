// MPI 4.1 2.8/9.3: with MPI_ERRORS_RETURN a send with an invalid datatype
// (MPI_DATATYPE_NULL, a handle that never was a type, an uncommitted type)
// returns MPI's own error code (class MPI_ERR_TYPE); MPISync must neither
// crash in its wrapper nor leave a pending operation behind.
// MPICH only: a made-up handle is a wild pointer to Open MPI, which dereferences it.
// REQUIRES: mpich
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

static void try_send(const char *what, int *buf, MPI_Datatype type) {
  MPI_Request req = MPI_REQUEST_NULL;
  int rc = MPI_Isend(buf, 2, type, 0, 0, MPI_COMM_WORLD, &req);
  int cls = -1;
  MPI_Error_class(rc, &cls);
  printf("%s: class MPI_ERR_TYPE %d, request null %d\n", what,
         cls == MPI_ERR_TYPE, req == MPI_REQUEST_NULL);
  buf[0] = buf[1] = 0; // nothing is pending on buf
}

int main(int argc, char **argv) {
  int rank, buf[4] = {1, 2, 3, 4};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (rank == 0) {
    MPI_Datatype uncommitted;
    MPI_Type_contiguous(2, MPI_INT, &uncommitted);
    try_send("null type", buf, MPI_DATATYPE_NULL);
    // CHECK: null type: class MPI_ERR_TYPE 1, request null 1
    try_send("bogus handle", buf, (MPI_Datatype)0x12345678);
    // CHECK: bogus handle: class MPI_ERR_TYPE 1, request null 1
    try_send("uncommitted type", buf, uncommitted);
    // CHECK: uncommitted type: class MPI_ERR_TYPE 1, request null 1
    MPI_Type_free(&uncommitted);
  }
  MPI_Finalize();
  return 0;
}
