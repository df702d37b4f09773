// MPI 4.1 3.8.4: MPI_Cancel only marks a request for cancellation; it still
// has to be completed (MPI_Wait), and only then is the receive buffer the
// program's again. Twin (-DFIXED): no access between MPI_Cancel and MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {7, 7};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Status status;
    MPI_Irecv(buf, 2, MPI_INT, 0, 5, MPI_COMM_WORLD, &req); // never sent
    MPI_Cancel(&req);
#ifndef FIXED
    buf[0] = 1;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}cancel_irecv.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (2 x MPI_INT, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}cancel_irecv.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}cancel_irecv.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}cancel_irecv.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, &status);
    int cancelled = 0;
    MPI_Test_cancelled(&status, &cancelled);
    buf[1] += buf[0];
    printf("rank 1 cancelled %d, buffer %d\n", cancelled, buf[1]);
    // OK: rank 1 cancelled 1, buffer 14
  }
  MPI_Finalize();
  return 0;
}
