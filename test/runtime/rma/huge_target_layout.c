// One MPI_Put whose target datatype has more blocks than a process keeps
// records (4 Mi, docs/rma.md): a vector of 8 Mi single ints, every other
// int of the target window. The records stop at the bound, with the
// warning, instead of growing with the layout (one 64-byte record per
// block: 512 MB for this Put, 16 GB for a vector of 2^28 blocks, which
// the kernel killed). The program is correct: each rank puts into the
// other's window. Its data arrives whole.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=ERROR
// CHECK: MPISync: too many RMA access records; window conflicts are no longer recorded
// CHECK-DAG: rank 0: 8388608 of 8388608 elements arrived
// CHECK-DAG: rank 1: 8388608 of 8388608 elements arrived
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS (1 << 23)

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mem;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)2 * BLOCKS * sizeof(int), sizeof(int),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  int *src = malloc(sizeof(int) * BLOCKS);
  for (long i = 0; i < BLOCKS; i++)
    src[i] = (int)(i * 3 + rank);
  MPI_Datatype every_other;
  MPI_Type_vector(BLOCKS, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  MPI_Win_fence(0, win);
  for (long i = 0; i < 2L * BLOCKS; i++)
    mem[i] = -1;
  MPI_Win_fence(0, win);
  MPI_Put(src, BLOCKS, MPI_INT, 1 - rank, 0, 1, every_other, win);
  MPI_Win_fence(0, win);
  long arrived = 0;
  for (long i = 0; i < BLOCKS; i++)
    arrived += mem[2 * i] == (int)(i * 3 + (1 - rank)) && mem[2 * i + 1] == -1;
  printf("rank %d: %ld of %d elements arrived\n", rank, arrived, BLOCKS);
  MPI_Type_free(&every_other);
  MPI_Win_free(&win);
  free(src);
  MPI_Finalize();
  return 0;
}
