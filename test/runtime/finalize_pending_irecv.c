// MPI 4.1 11.2.2: all pending nonblocking operations must be completed
// before MPI_Finalize; a receive never waited for is reported at
// MPI_Finalize (missing-completion), with where it was started.
// Twin (-DFIXED): the receive is completed with MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD);
#ifdef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d\n", buf[0], buf[1]);
    // OK: rank 1 received 3 4
#endif
  } else {
    int data[2] = {3, 4};
    MPI_Send(data, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  // CHECK: ERROR: MPISync: missing-completion on rank 1
  // CHECK-NEXT: The request of MPI_Irecv was still pending at MPI_Finalize; it was started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}finalize_pending_irecv.c:[[@LINE-15]]
  // CHECK: MPI_Finalize was called here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}finalize_pending_irecv.c:[[@LINE-5]]
  // CHECK: SUMMARY: MPISync: missing-completion {{.*}}finalize_pending_irecv.c:[[@LINE-18]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}finalize_pending_irecv.c:[[@LINE-18]]
  // CHECK-NOT: ERROR: MPISync
  return 0;
}
