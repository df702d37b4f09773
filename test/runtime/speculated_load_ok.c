// A read of a pending receive buffer that the source never executes (its
// condition is false in this run) must not be reported. At -O2 the
// optimizer if-converts `c ? buf[3] : -1` into an unconditional load and a
// select; the pass instruments the optimized code, so the speculated load is
// checked and reported as recv-buffer-access although the program never
// uses its value. At -O0 there is no report.
// XFAIL: *
// RUN: %mpicc -fsanitize=mpisync -O0 %s -o %t.O0
// RUN: %mpiexec -n 2 %t.O0 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t.O2
// RUN: %mpiexec -n 2 %t.O2 2>&1 | FileCheck %s --implicit-check-not=MPISync
// CHECK: early -1 got 8
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    int early = argc > 5 ? buf[3] : -1; // never true here: buf is not read
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("early %d got %d\n", early, buf[7]);
  } else {
    int out[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Send(out, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
