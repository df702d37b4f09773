// MPI 4.1 3.9: a persistent request that was started and completed is
// inactive but still allocated; never freeing it is reported at MPI_Finalize
// with the place it was created (MPI_Send_init), not where it was started.
// The correct variant (MPI_Request_free) is request_not_freed.c -DFIXED.
// Bug: ReportAtFinalize prints op.start_stack (the MPI_Start line) under
// "it was created here:" and in the SUMMARY whenever the request was ever
// started (origin = start_stack ? start_stack : create_stack in
// mpisync_report.cpp); request-not-freed should use create_stack.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {1, 2};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Send_init(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  // CHECK: ERROR: MPISync: request-not-freed on rank 0
  // CHECK-NEXT: The persistent request of MPI_Send_init was never freed (MPI_Request_free); it was created here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_not_freed_started.c:[[@LINE-9]]
  // CHECK: MPI_Finalize was called here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_not_freed_started.c:[[@LINE-5]]
  // CHECK: SUMMARY: MPISync: request-not-freed {{.*}}request_not_freed_started.c:[[@LINE-12]]:{{[0-9]+}} in main; MPI_Send_init at {{.*}}request_not_freed_started.c:[[@LINE-12]]
  return 0;
}
