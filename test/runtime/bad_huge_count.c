// MPI 4.1 3.2.2: with MPI_ERRORS_RETURN, a send or receive of 2^40 bytes
// from a NULL buffer is refused by MPI at once (MPI_ERR_BUFFER). MPISync
// must not spend the call marking a terabyte of shadow memory. The CPU limit
// turns such a hang into a failure.
// Bug: BeforeStart -> ActivateOp -> PoisonBuffer marks every granule of
// [NULL, NULL + 2^40) (PoisonShadow loops over 2^37 shadow bytes, O(bytes /
// 8) with no cap) before MPI gets to reject the call, then AfterStart
// unmarks it again: the call takes minutes and touches up to 128 GiB of
// shadow memory (measured: 1.4 s and 540 MB RSS for 4 GiB). A failed start
// should not be marked at all (mark after the call, or cap/defer marking).
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: prlimit --cpu=5 %mpiexec -n 1 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Count huge = (MPI_Count)1 << 40;
  MPI_Request req = MPI_REQUEST_NULL;
  int cls;
  int rc = MPI_Isend_c(NULL, huge, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Error_class(rc, &cls);
  printf("Isend_c: MPI_ERR_BUFFER %d, request null %d\n", cls == MPI_ERR_BUFFER,
         req == MPI_REQUEST_NULL);
  // CHECK: Isend_c: MPI_ERR_BUFFER 1, request null 1
  rc = MPI_Irecv_c(NULL, huge, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Error_class(rc, &cls);
  printf("Irecv_c: MPI_ERR_BUFFER %d, request null %d\n", cls == MPI_ERR_BUFFER,
         req == MPI_REQUEST_NULL);
  // CHECK: Irecv_c: MPI_ERR_BUFFER 1, request null 1
  MPI_Finalize();
  return 0;
}
