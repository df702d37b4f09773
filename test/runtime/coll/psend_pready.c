// MPI 4.1 chapter 4: a send partition is the program's until MPI_Pready and
// MPI's from then until the request completes. Writing partition 1 before
// its MPI_Pready is fine; writing partition 0 after its MPI_Pready is not.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0) {
    MPI_Psend_init(buf, 2, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    for (int i = 0; i < 4; i++)
      buf[i] = i;
    MPI_Pready(0, req);
    for (int i = 4; i < 8; i++)
      buf[i] = i; // partition 1 is not ready yet: still the program's
#ifndef FIXED
    buf[1] = 42;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK: #0 {{.*}} in main {{.*}}psend_pready.c:[[@LINE-2]]
    // CHECK: of a pending MPI_Psend_init (4 x MPI_INT, element 1), handed to MPI by MPI_Pready here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}psend_pready.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}psend_pready.c:[[@LINE-5]]:{{[0-9]+}} in main; MPI_Pready at {{.*}}psend_pready.c:[[@LINE-9]]:{{[0-9]+}} in main
#endif
    MPI_Pready(1, req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[1] = 42; // complete: the program's again
    MPI_Request_free(&req);
  } else {
    MPI_Precv_init(buf, 2, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    int sum = 0;
    for (int i = 0; i < 8; i++)
      sum += buf[i];
    printf("received sum %d\n", sum);
    // OK: received sum 28
    MPI_Request_free(&req);
  }
  MPI_Finalize();
  return 0;
}
