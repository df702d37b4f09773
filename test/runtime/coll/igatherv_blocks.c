// MPI_Igatherv: at the root only the blocks named by recvcounts/displs are
// receive buffers; the gaps between them are the program's. Non-root ranks
// have no receive buffer (recvbuf is not significant there).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 3 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int mine[2] = {rank * 10, rank * 10 + 1};
  int all[12] = {0};
  int counts[3] = {2, 2, 2}, displs[3] = {0, 4, 8}; // gaps at 2-3, 6-7
  MPI_Request req;
  MPI_Igatherv(mine, 2, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req);
  if (rank == 0) {
    all[3] = -7; // a gap: not part of the operation
#ifndef FIXED
    all[5] = -5;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: WRITE of size 4
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}igatherv_blocks.c:[[@LINE-3]]
    // CHECK: receive buffer {{.*}} of a pending MPI_Igatherv (2 x MPI_INT, element 1), started here:
#endif
  } else {
    all[0] = 1; // recvbuf is not significant on non-root ranks
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  if (rank == 0)
    printf("gathered %d %d %d %d %d %d gap %d\n", all[0], all[1], all[4], all[5], all[8], all[9], all[3]);
  // OK: gathered 0 1 10 11 20 21 gap -7
  MPI_Finalize();
  return 0;
}
