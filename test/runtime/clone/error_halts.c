// MPIecho's rule for errors: a call that fails on a parent (the program
// asked for MPI_ERRORS_RETURN) cannot be mirrored, so the job stops with the
// call, the rank and MPI's error text instead of running the clones on
// with other data. Without clones the program sees the error code.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: rank 1: MPI_Recv returned an error
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec_abort -n 4 %t 2>&1 | FileCheck %s
// CHECK: ERROR: MPISync: clones: MPI_Recv on rank 1: the call failed ({{.*}}truncated{{.*}}); stopping the job.
// CHECK-NOT: returned an error
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, big[8] = {0}, small[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(big, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    // Too small a buffer: MPI_ERR_TRUNCATE.
    if (MPI_Recv(small, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS)
      printf("rank 1: MPI_Recv returned an error\n");
  }
  MPI_Finalize();
  return 0;
}
