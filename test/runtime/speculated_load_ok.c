// A read of a pending receive buffer that the source never executes (its
// condition is false in this run) must not be reported. At -O2 the
// optimizer if-converts `c ? buf[3] : -1` into an unconditional load and a
// select; the pass instruments the optimized code, so the speculated load is
// checked. The pass checks such a load only under the select's condition.
// Error twin (-DTAKEN): the condition holds, the read happens and is
// reported at -O2 too.

// RUN: %mpicc -fsanitize=mpisync -O0 %s -o %t.O0
// RUN: %mpiexec -n 2 %t.O0 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t.O2
// RUN: %mpiexec -n 2 %t.O2 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DTAKEN %s -o %t.taken
// RUN: not %mpiexec -n 2 %t.taken 2>&1 | FileCheck %s --check-prefix=TAKEN
// CHECK: early -1 got 8
// TAKEN: ERROR: MPISync: recv-buffer-access on rank 1
// TAKEN: SUMMARY: MPISync: recv-buffer-access {{.*}}speculated_load_ok.c:[[@LINE+16]]{{.*}}; MPI_Irecv at {{.*}}speculated_load_ok.c:[[@LINE+10]]
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
#ifdef TAKEN
#define LIMIT 0
#else
#define LIMIT 5
#endif
    int early = argc > LIMIT ? buf[3] : -1; // false unless TAKEN
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("early %d got %d\n", early, buf[7]);
  } else {
    int out[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Send(out, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
