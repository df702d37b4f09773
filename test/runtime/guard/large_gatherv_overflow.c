// A real Type-3 overflow (Li et al., Prob. 9), about 5.5 GB of memory: three
// processes each send 1.1e9 bytes to the root, which computes the
// displacements in int: displs[2] = 2.2e9 wraps to -2094967296. Without the
// guard MPI writes 2 GB before the receive buffer (a crash, or memory
// overwritten); with it the call is caught, reported and avoided, and every
// byte lands where a correct program puts it. Skipped by the default suite:
//   python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test \
//       --param mpisync_large=1 --filter large_
// REQUIRES: large
// REQUIRES: mpi-4
// RUN: %plain_mpicc -g -c %s -o %t.o
// RUN: %mpicc -fsanitize=mpisync %t.o -o %t
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=split not %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,SPLIT
// RUN: not %mpiexec -n 3 %t > %t.unguarded 2>&1
// CHECK: ERROR: MPISync: scaling-guard on rank 0
// CHECK-NEXT: MPI_Gatherv: displacement overflow (detector D): displs[2] = -2094967296 is 2200000000 before it wrapped around int; the global buffer spans 3300000000 elements (3300000000 bytes) over 3 processes
// LARGE-NEXT: avoided with large_count: MPI_Gatherv_c with MPI_Aint displacements, here:
// SPLIT-NEXT: avoided with split (W1-A): 2 sub-communicator(s) holding the root, one MPI_Gatherv each, here:
// CHECK: large gatherv: 3300000000 bytes ok
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int kN = 1100000000; // bytes per process

static unsigned char pattern(int who, size_t i) { return (unsigned char)(who * 37 + i % 251); }

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  unsigned char *all = NULL, *mine = NULL;
  int counts[3], displs[3];
  if (rank == 0) {
    all = malloc((size_t)kN * size);
    for (int i = 0; i < size; i++) {
      counts[i] = kN;
      displs[i] = i * kN; // BUG: int arithmetic, wraps for i = 2
    }
    for (size_t i = 0; i < (size_t)kN; i++)
      all[i] = pattern(0, i); // the root's own block, in place
  } else {
    mine = malloc(kN);
    for (size_t i = 0; i < (size_t)kN; i++)
      mine[i] = pattern(rank, i);
  }
  if (rank == 0 ? !all : !mine) {
    fprintf(stderr, "out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Gatherv(rank == 0 ? MPI_IN_PLACE : mine, kN, MPI_CHAR, all, counts, displs,
              MPI_CHAR, 0, MPI_COMM_WORLD);
  int ok = 1;
  if (rank == 0) {
    for (int r = 0; r < size && ok; r++)
      for (size_t i = 0; i < (size_t)kN; i++)
        if (all[(size_t)r * kN + i] != pattern(r, i)) {
          fprintf(stderr, "large gatherv: byte %zu of rank %d wrong\n", i, r);
          ok = 0;
          break;
        }
    if (ok)
      fprintf(stderr, "large gatherv: %zu bytes ok\n", (size_t)kN * size);
  }
  free(all);
  free(mine);
  MPI_Finalize();
  return ok ? 0 : 1;
}
