// MPI 4.1 3.7.2: a buffer declared in a block must outlive the request; the
// send below is still pending when the block ends. Same rule as
// stack_block_scope.c, without optimization (the suite's default).
// The pass learns that a stack object ends from llvm.lifetime.end, which
// clang emits at -O0 only for a sanitizer's use-after-scope: the drivers
// ask for the markers (-fsanitize-address-use-after-scope at the cc1 level,
// nothing of ASan added), so the block's end is seen at -O0 too.
// RUN: %mpicc -fsanitize=mpisync -O0 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    {
      int tmp[4] = {1, 2, 3, 4};
      MPI_Isend(tmp, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    }
    // CHECK: ERROR: MPISync: stack-buffer-out-of-scope on rank 0
    // CHECK-NEXT: the end of a stack object's scope releases {{.*}} on rank 0 while MPI still owns part of it:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}stack_block_scope_O0.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Isend (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}stack_block_scope_O0.c:[[@LINE-6]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    int in[4];
    MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", in[3]);
  }
  MPI_Finalize();
  return 0;
}
