// A request never completed before MPI_Finalize is reported with the place
// it was started.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, buf = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0)
    MPI_Isend(&buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  else
    MPI_Recv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  // CHECK: ERROR: MPISync: missing-completion on rank 0
  // CHECK-NEXT: The request of MPI_Isend was still pending at MPI_Finalize; it was started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}finalize_pending.c:[[@LINE-7]]
  // CHECK: MPI_Finalize was called here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}finalize_pending.c:[[@LINE-5]]
  return 0;
}
