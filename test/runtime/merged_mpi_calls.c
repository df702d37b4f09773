// Two identical MPI calls in the two branches of an if: at -O2 clang's
// SimplifyCFG would sink them into one call whose location is line 0, and
// the report would name no line for the MPI call. MPISync marks MPI calls
// nomerge, so the report names the call that ran.
// RUN: %mpicc -fsanitize=mpisync -g -O2 %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
// RUN: not %t a b c d e 2>&1 | FileCheck %s --check-prefix=THEN
// CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}merged_mpi_calls.c:23:{{[0-9]+}} in main; MPI_Isend at {{.*}}merged_mpi_calls.c:22:5 in main
// THEN: SUMMARY: MPISync: send-buffer-write {{.*}}merged_mpi_calls.c:23:{{[0-9]+}} in main; MPI_Isend at {{.*}}merged_mpi_calls.c:20:5 in main
#include <mpi.h>

static double buf[64];

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0 && argc > 5)
    MPI_Isend(buf, 64, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
  else
    MPI_Isend(buf, 64, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
  buf[3] = 1.0; // the send is still pending
  double in[64];
  MPI_Recv(in, 64, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
