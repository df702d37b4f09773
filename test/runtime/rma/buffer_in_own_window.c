// MPI 4.1 12.7: the origin buffer of an RMA call is read, its result buffer
// written, by the library while the operation is pending; when that buffer
// lies in the caller's own exposed window memory, it is an access to window
// memory like a load or store. Rank 1 puts from (CASE=1) or gets into
// (CASE=2) its own window memory while rank 0 writes (CASE=1) or reads
// (CASE=2) the same bytes in the same fence epoch: rma-remote-conflict,
// naming both calls. Twin (-DFIXED): rank 0 accesses other bytes.
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 %s -o %t.1
// RUN: not %mpiexec -n 2 %t.1 2>&1 | FileCheck %s --check-prefix=C1
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 %s -o %t.2
// RUN: not %mpiexec -n 2 %t.2 2>&1 | FileCheck %s --check-prefix=C2
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 -DFIXED %s -o %t.ok1
// RUN: %mpiexec -n 2 %t.ok1 2>&1 | FileCheck %s --check-prefix=OK1 --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 -DFIXED %s -o %t.ok2
// RUN: %mpiexec -n 2 %t.ok2 2>&1 | FileCheck %s --check-prefix=OK2 --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#ifdef FIXED
#define RANK0_DISP 8
#else
#define RANK0_DISP 0
#endif

int main(int argc, char **argv) {
  int rank, *mem, v = 5, got = -1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = i + 1;
  MPI_Win_fence(0, win);
#if CASE == 1
  if (rank == 1)
    MPI_Put(&mem[0], 1, MPI_INT, 0, 4, 1, MPI_INT, win);
  if (rank == 0)
    MPI_Put(&v, 1, MPI_INT, 1, RANK0_DISP, 1, MPI_INT, win);
  // C1: ERROR: MPISync: rma-remote-conflict on rank 1
  // C1: READ of 4 bytes at offset 0x0 of rank 1's window memory by rank 1 (the origin buffer of its MPI_Put), here:
  // C1-NEXT: #0 {{.*}} in main {{.*}}buffer_in_own_window.c:[[@LINE-5]]
  // C1: WRITE of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank 0, issued here:
  // C1-NEXT: #0 {{.*}} in main {{.*}}buffer_in_own_window.c:[[@LINE-5]]
  // C1: SUMMARY: MPISync: rma-remote-conflict {{.*}}buffer_in_own_window.c:[[@LINE-8]]{{.*}}; MPI_Put at {{.*}}buffer_in_own_window.c:[[@LINE-6]]
#else
  if (rank == 1)
    MPI_Get(&mem[0], 1, MPI_INT, 0, 4, 1, MPI_INT, win);
  if (rank == 0)
    MPI_Get(&got, 1, MPI_INT, 1, RANK0_DISP, 1, MPI_INT, win);
  // C2: ERROR: MPISync: rma-remote-conflict on rank 1
  // C2: WRITE of 4 bytes at offset 0x0 of rank 1's window memory by rank 1 (the result buffer of its MPI_Get), here:
  // C2-NEXT: #0 {{.*}} in main {{.*}}buffer_in_own_window.c:[[@LINE-5]]
  // C2: READ of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Get on rank 0, issued here:
  // C2-NEXT: #0 {{.*}} in main {{.*}}buffer_in_own_window.c:[[@LINE-5]]
#endif
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  if (rank == 0)
    printf("rank 0: put %d, got %d\n", mem[4], got);
  // OK1: rank 0: put 1, got -1
  // OK2: rank 0: put 5, got 9
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
