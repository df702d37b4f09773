// Neighbour collectives on a non-periodic 1-D Cartesian topology (MPI 4.1
// 8.6): at the edges the neighbour is MPI_PROC_NULL, and MPI neither writes
// the receive block from it nor reads the send block for it: those blocks
// stay the program's while the operation is pending. Three ranks in a line.
// Error (default): rank 1 writes the receive block from its left
// neighbour, which exists. Twin (-DFIXED): rank 0 writes its left blocks
// and rank 2 its right ones, of MPI_Ineighbor_allgather and of
// MPI_Ineighbor_alltoall: clean, and the blocks that arrive are intact.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {size}, periods[1] = {0};
  MPI_Comm line;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &line);
  MPI_Comm_rank(line, &rank);
  int mine[2] = {rank * 10, rank * 10 + 1}, gathered[4], sent[4], got[4];
  for (int i = 0; i < 4; i++) {
    gathered[i] = got[i] = -1;
    sent[i] = rank * 100 + i;
  }
  MPI_Request req[2];
  MPI_Ineighbor_allgather(mine, 2, MPI_INT, gathered, 2, MPI_INT, line, &req[0]); // @gather
  MPI_Ineighbor_alltoall(sent, 2, MPI_INT, got, 2, MPI_INT, line, &req[1]);
#ifdef FIXED
  if (rank == 0) { // no left neighbour: blocks 0 (elements 0-1)
    gathered[0] = 7;
    got[1] = 7;
    sent[0] = 7;
  }
  if (rank == size - 1) { // no right neighbour: blocks 1 (elements 2-3)
    gathered[3] = 7;
    got[2] = 7;
    sent[3] = 7;
  }
#else
  if (rank == 1)
    gathered[1] = 7;
  // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
  // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}ineighbor_proc_null.c:[[@LINE-2]]:{{[0-9]+}} in main; MPI_Ineighbor_allgather at {{.*}}ineighbor_proc_null.c:[[@LINE-17]]:{{[0-9]+}} in main
  // CHECK-NOT: ERROR: MPISync
#endif
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  printf("rank %d gathered %d %d %d %d got %d %d %d %d\n", rank, gathered[0],
         gathered[1], gathered[2], gathered[3], got[0], got[1], got[2], got[3]);
  // OK-DAG: rank 0 gathered 7 -1 10 11 got -1 7 100 101
  // OK-DAG: rank 1 gathered 0 1 20 21 got 2 3 200 201
  // OK-DAG: rank 2 gathered 10 11 -1 7 got 102 103 7 -1
  MPI_Comm_free(&line);
  MPI_Finalize();
  return 0;
}
