// MPI 4.1 3.7.3: overwriting a request variable loses the earlier request:
// it can never be completed (missing-completion at MPI_Finalize, for the
// first MPI_Isend), while MPI_Wait(&r) completes the second send, whose
// buffer is then free. Both small sends get MPICH's shared handle.
// Twin (-DFIXED): each request waited for before the variable is reused.
// MPISync gives such a send its own, already complete, handle when MPICH's
// shared one already stands for another pending operation.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, a[2] = {1, 2}, b[2] = {3, 4}, in[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request r;
    MPI_Isend(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
#ifdef FIXED
    MPI_Wait(&r, MPI_STATUS_IGNORE);
#endif
    MPI_Isend(b, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    b[0] = 30; // b's send is complete
    printf("rank 0 has %d\n", b[0]);
    // OK: rank 0 has 30
  } else {
    MPI_Recv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(in + 2, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  // CHECK-NOT: send-buffer-write
  // CHECK: ERROR: MPISync: missing-completion on rank 0
  // CHECK-NEXT: The request of MPI_Isend was still pending at MPI_Finalize; it was started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_overwritten.c:[[@LINE-17]]
  // CHECK-NOT: ERROR: MPISync
  return 0;
}
