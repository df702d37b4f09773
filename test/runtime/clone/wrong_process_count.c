// A process count that does not fit clones=K (and clone_ranks) or a bad
// option value is a clear error at MPI_Init, never a hang.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=ODD
// ODD: ERROR: MPISync: clones: clones=1 needs N*(K+1) processes (a multiple of 2), mpiexec started 3
// ODD-NOT: reached main's end
// RUN: env MPISYNC_OPTIONS=clones=2 not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=FEW
// FEW: ERROR: MPISync: clones: clones=2 needs N*(K+1) processes (a multiple of 3), mpiexec started 2
// RUN: env MPISYNC_OPTIONS=clones=1:clone_ranks=3 not %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=SUBSET
// SUBSET: ERROR: MPISync: clones: clones=1 with 1 ranks in clone_ranks needs N + K*1 processes with every listed rank below N
// RUN: env MPISYNC_OPTIONS=clones=1:clone_ranks=1-0 not %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: env MPISYNC_OPTIONS=clones=1:clone_ranks=a not %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: ERROR: MPISync: clones: clone_ranks: expected ranks and ranges like '0,2,4-6'
// RUN: env MPISYNC_OPTIONS=clones=-1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: ERROR: MPISync: clones: clones=-1: the number of clones must be 0 or more
// The right counts: 2 ranks with one clone each, rank 1 alone cloned twice.
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env MPISYNC_OPTIONS=clones=2:clone_ranks=1 %mpiexec -n 4 %t 2>&1 | FileCheck %s --check-prefix=OK
// OK: reached main's end with 2 ranks
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int size;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("reached main's end with %d ranks\n", size);
  MPI_Finalize();
  return 0;
}
