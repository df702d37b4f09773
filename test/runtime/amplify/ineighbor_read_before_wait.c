// The receive buffer of a pending MPI_Ineighbor_allgather belongs to MPI
// until MPI_Wait (MPI 4.1 6.12, 8.6). Natively an early peek sees the old
// value or the neighbour's; amplify fills the neighbourhood's blocks with
// the poison until MPI_Wait, so the peek reads -1.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 3 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 3 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: ERROR: MPISync: recv-buffer-access on rank 1
// CHECK: amplified: poison
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}ineighbor_read_before_wait.c:35:{{[0-9]+}} in main; MPI_Ineighbor_allgather at {{.*}}ineighbor_read_before_wait.c:30:
// CHECK: rank 1 peeked -1
// CHECK: Assertion
// FIXED-NOT: MPISync
// FIXED: rank 1 got 10 30
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, dims[1] = {3}, periods[1] = {1}, mine, nbrs[2] = {0, 0}, peek = 0;
  MPI_Comm ring;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  MPI_Comm_rank(ring, &rank);
  mine = 10 * (rank + 1);
  MPI_Ineighbor_allgather(&mine, 1, MPI_INT, nbrs, 1, MPI_INT, ring, &req);
#ifdef FIXED
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  if (rank == 1)
    peek = nbrs[1]; // BUG (without -DFIXED): the block is MPI's until MPI_Wait
#ifndef FIXED
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  if (rank == 1) {
    fprintf(stderr, "rank 1 peeked %d\n", peek);
    fprintf(stderr, "rank 1 got %d %d\n", nbrs[0], nbrs[1]);
    assert(peek == 0 || peek == 30);
  }
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
