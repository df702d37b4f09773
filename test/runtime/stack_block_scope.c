// MPI 4.1 3.7.2: a buffer declared in a block must outlive the request; a
// send started on it is still pending when the block ends (here each loop
// iteration), reported at the block's closing brace with the MPI_Isend.
// Built with optimization, where clang marks the ends of block scopes.
// Twin (-DFIXED): the request completes inside the block.
// RUN: %mpicc -fsanitize=mpisync -O1 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O1 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request reqs[2];
    for (int i = 0; i < 2; i++) {
      int tmp[4] = {i, i + 1, i + 2, i + 3};
      MPI_Isend(tmp, 4, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]);
#ifdef FIXED
      MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
#endif
    }
    // CHECK: ERROR: MPISync: stack-buffer-out-of-scope on rank 0
    // CHECK-NEXT: the end of a stack object's scope releases {{.*}} on rank 0 while MPI still owns part of it:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}stack_block_scope.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Isend (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}stack_block_scope.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: stack-buffer-out-of-scope {{.*}}stack_block_scope.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}stack_block_scope.c:[[@LINE-10]]
#ifndef FIXED
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
#endif
  } else {
    int in[4], sum = 0;
    for (int i = 0; i < 2; i++) {
      MPI_Recv(in, 4, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += in[0] + in[3];
    }
    printf("rank 1 sum %d\n", sum);
    // OK: rank 1 sum 8
  }
  MPI_Finalize();
  return 0;
}
