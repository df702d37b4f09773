// MPI 4.1 3.7.2: the buffer of a pending receive belongs to MPI until the
// request completes; free() before that hands MPI's target back to the
// allocator (pending-buffer-freed). Here the receive is then cancelled so
// nothing lands in freed memory. Twin (-DFIXED): free after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    int *buf = malloc(16 * sizeof(int));
    MPI_Request req;
    MPI_Irecv(buf, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    free(buf);
    // CHECK: ERROR: MPISync: pending-buffer-freed on rank 1
    // CHECK-NEXT: free() releases [[[LO:0x[0-9a-f]+]], {{.*}}) on rank 1 while MPI still owns part of it:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}free_pending_irecv.c:[[@LINE-3]]
    // CHECK: [[LO]] is 0 bytes from the start of the receive buffer [[[LO]], {{.*}}) of a pending MPI_Irecv (16 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}free_pending_irecv.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: pending-buffer-freed {{.*}}free_pending_irecv.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}free_pending_irecv.c:[[@LINE-8]]
    // CHECK-NOT: ERROR: MPISync
    MPI_Cancel(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#else
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", buf[15]);
    // OK: rank 1 received 15
    free(buf);
#endif
  } else {
#ifdef FIXED
    int data[16];
    for (int i = 0; i < 16; i++)
      data[i] = i;
    MPI_Send(data, 16, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
  }
  MPI_Finalize();
  return 0;
}
