// Cloning mirrors one-sided communication at its edges:
// - a passive target that makes no synchronization call of its own (only
//   MPI_Win_create and MPI_Win_free) reads what the origin Put into its
//   window after MPI_Win_free: the clones get the window's bytes there;
// - operations with a datatype of size 0 and a null buffer inside a fence
//   epoch move nothing, and the fence's broadcast to the clones leaves them
//   out (MPICH refused the whole broadcast);
// - memory freed before MPI_Win_free (an error the detector reports) is not
//   copied to the clones.
// Every member of a family prints what the run without clones prints.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.plain 2> %t.plain.err
// RUN: FileCheck %s --check-prefix=REPORT < %t.plain.err
// RUN: not env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1 2> %t.k1.err
// RUN: FileCheck %s --check-prefix=REPORT < %t.k1.err
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain
// CHECK: same: {{[0-9]+}} lines
// PLAIN-DAG: rank 1: passive target sees 0 1 2 3 4 5 6 7
// PLAIN-DAG: rank 0: zero-size operations done, window 100 101 102 103
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  // Passive target without a synchronization call of its own.
  int target[8];
  for (int i = 0; i < 8; i++)
    target[i] = -1;
  MPI_Win win;
  MPI_Win_create(rank == 1 ? target : NULL, rank == 1 ? sizeof(target) : 0,
                 sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  if (rank == 0) {
    int values[8];
    for (int i = 0; i < 8; i++)
      values[i] = i;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(values, 8, MPI_INT, 1, 0, 8, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Win_free(&win);
  if (rank == 1)
    printf("rank 1: passive target sees %d %d %d %d %d %d %d %d\n", target[0],
           target[1], target[2], target[3], target[4], target[5], target[6],
           target[7]);

  // Size-0 datatypes with a null buffer in a fence epoch.
  MPI_Datatype empty;
  MPI_Type_contiguous(0, MPI_INT, &empty);
  MPI_Type_commit(&empty);
  int mem[4];
  for (int i = 0; i < 4; i++)
    mem[i] = 100 + i;
  MPI_Win_create(mem, sizeof(mem), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                 &win);
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Get(NULL, 1, empty, 1, 0, 1, empty, win);
    MPI_Put(NULL, 2, empty, 1, 0, 0, MPI_INT, win);
    MPI_Get_accumulate(NULL, 1, empty, NULL, 1, empty, 1, 0, 1, empty, MPI_SUM,
                       win);
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Type_free(&empty);
  if (rank == 0)
    printf("rank 0: zero-size operations done, window %d %d %d %d\n", mem[0],
           mem[1], mem[2], mem[3]);

  // Window memory freed before MPI_Win_free (erroneous; reported by the
  // detector, and not copied to the clones).
  int *heap = malloc(1 << 20);
  MPI_Win_create(heap, 1 << 20, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  // REPORT: SUMMARY: MPISync: pending-buffer-freed
  // {{.*}}mirror_rma_edges.c:[[@LINE+1]]:3 in main; MPI_Win_create at
  // {{.*}}mirror_rma_edges.c:[[@LINE-1]]:3
  free(heap);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
