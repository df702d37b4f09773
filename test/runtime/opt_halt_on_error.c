// Options: by default every distinct error is reported and the program runs
// on; MPISYNC_OPTIONS=halt_on_error=1 stops the process at the first report.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,ALL
// RUN: env MPISYNC_OPTIONS=halt_on_error=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HALT
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    buf[1] = 1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}opt_halt_on_error.c:[[@LINE-2]]
    // HALT: ABORTING (halt_on_error=1)
    // HALT-NOT: ERROR: MPISync
    // HALT-NOT: rank 0 went on
    buf[2] = 2;
    // ALL: ERROR: MPISync: send-buffer-write on rank 0
    // ALL: SUMMARY: MPISync: send-buffer-write {{.*}}opt_halt_on_error.c:[[@LINE-2]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 0 went on\n");
  } else {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
