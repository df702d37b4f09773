// The receive buffer of a pending MPI_Igatherv belongs to MPI until MPI_Wait
// (MPI 4.1 6.12). MPICH leaves the root's blocks untouched (or already
// filled) when it peeks early, so the check passes natively; amplify
// receives the v layout into a bounce buffer and fills the root's blocks
// with the poison until MPI_Wait, so the peek reads -1.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 3 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 3 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK: amplified: poison
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}igatherv_read_before_wait.c:39:{{[0-9]+}} in main; MPI_Igatherv at {{.*}}igatherv_read_before_wait.c:33:
// CHECK: root peeked -1
// CHECK: Assertion
// FIXED-NOT: MPISync
// FIXED: root got 1 2 2 3 3 3 -7
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, mine[3], peek = 0;
  // Block r of the root's buffer has r + 1 elements; the last one is a gap.
  int all[7] = {0, 0, 0, 0, 0, 0, -7}, counts[3] = {1, 2, 3},
      displs[3] = {0, 1, 3};
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 3; i++)
    mine[i] = rank + 1;
  MPI_Igatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0,
               MPI_COMM_WORLD, &req);
#ifdef FIXED
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  if (rank == 0)
    peek = all[5]; // BUG (without -DFIXED): the block is MPI's until MPI_Wait
#ifndef FIXED
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  if (rank == 0) {
    fprintf(stderr, "root peeked %d\n", peek);
    fprintf(stderr, "root got %d %d %d %d %d %d %d\n", all[0], all[1], all[2],
            all[3], all[4], all[5], all[6]);
    assert(peek == 0 || peek == 3);
  }
  MPI_Finalize();
  return 0;
}
