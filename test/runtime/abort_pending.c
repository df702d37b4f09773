// MPI 4.1 11.3: MPI_Abort terminates all processes at once, pending
// requests or not; MPISync reports nothing (it is not MPI_Finalize) and does
// not crash, and the job fails with the abort. mpiexec may drop output of
// an aborting job, so the marker goes to a file and the absence of reports
// is checked on what did arrive.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: rm -f %t.marker
// RUN: not %mpiexec_abort -n 2 %t %t.marker > %t.out 2>&1
// RUN: FileCheck %s < %t.marker
// RUN: not grep MPISync %t.out
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, in[4], out[4] = {1, 2, 3, 4};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request reqs[2];
  MPI_Irecv(in, 4, MPI_INT, 1 - rank, 5, MPI_COMM_WORLD, &reqs[0]); // never sent
  MPI_Isend(out, 4, MPI_INT, 1 - rank, 6, MPI_COMM_WORLD, &reqs[1]);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    FILE *marker = fopen(argv[1], "w");
    fprintf(marker, "rank 0 aborts\n");
    fclose(marker);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE); // until killed
  MPI_Finalize();
  return 0;
}
// CHECK: rank 0 aborts
