// MPI 4.1 3.7.3: a request handle is a value; it may be copied (here from the
// variable the send was started with into an array) and completed through
// the copy. MPI_Wait(&reqs[1]) completes b's send only. Two small sends get
// MPICH's one shared completed-request handle. Twin (-DFIXED): a is written
// after its own wait.
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
    MPI_Request reqs[2], req;
    MPI_Isend(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    reqs[0] = req;
    MPI_Isend(b, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
    reqs[1] = req;
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    b[0] = 30; // b's send is complete
#ifndef FIXED
    a[0] = 10;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_copied.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Isend (2 x MPI_INT, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_copied.c:[[@LINE-12]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    a[0] = 10;
    printf("rank 0 has %d %d\n", a[0], b[0]);
    // OK: rank 0 has 10 30
  } else {
    MPI_Recv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(in + 2, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
