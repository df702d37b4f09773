// MPI 4.1 12.7: the result buffers of two RMA operations pending at once
// are written by the library in no defined order: two MPI_Get (CASE=1), or
// an MPI_Get and an MPI_Get_accumulate (CASE=2), filling overlapping memory
// is overlapping-buffers, reported when the second starts, naming both.
// Twin (-DFIXED): the second operation starts after a flush completed the
// first (CASE=2), or fills disjoint memory (CASE=1); two Puts reading one
// origin buffer stay clean.
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 %s -o %t.1
// RUN: not %mpiexec -n 2 %t.1 2>&1 | FileCheck %s --check-prefix=C1
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 %s -o %t.2
// RUN: not %mpiexec -n 2 %t.2 2>&1 | FileCheck %s --check-prefix=C2
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 -DFIXED %s -o %t.ok1
// RUN: %mpiexec -n 2 %t.ok1 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 -DFIXED %s -o %t.ok2
// RUN: %mpiexec -n 2 %t.ok2 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, res[8] = {0}, src[4] = {1, 1, 1, 1};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(64 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 64; i++)
    mem[i] = i;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
    // Two Puts reading the same origin buffer: allowed.
    MPI_Put(src, 4, MPI_INT, 1, 32, 4, MPI_INT, win);
    MPI_Put(src, 4, MPI_INT, 1, 40, 4, MPI_INT, win);
#if CASE == 1
    MPI_Get(res, 4, MPI_INT, 1, 0, 4, MPI_INT, win);
#ifdef FIXED
    MPI_Get(res + 4, 4, MPI_INT, 1, 8, 4, MPI_INT, win);
#else
    MPI_Get(res + 2, 4, MPI_INT, 1, 8, 4, MPI_INT, win);
    // C1: ERROR: MPISync: overlapping-buffers on rank 0
    // C1: MPI_Get started here:
    // C1-NEXT: #0 {{.*}} in main {{.*}}overlapping_result_buffers.c:[[@LINE-3]]
    // C1: of a pending MPI_Get (4 x MPI_INT), started here:
    // C1-NEXT: #0 {{.*}} in main {{.*}}overlapping_result_buffers.c:[[@LINE-9]]
    // C1: SUMMARY: MPISync: overlapping-buffers {{.*}}overlapping_result_buffers.c:[[@LINE-6]]{{.*}}; MPI_Get at {{.*}}overlapping_result_buffers.c:[[@LINE-10]]
#endif
#else
    MPI_Get(res, 4, MPI_INT, 1, 0, 4, MPI_INT, win);
#ifdef FIXED
    MPI_Win_flush(1, win);
#endif
    MPI_Get_accumulate(src, 4, MPI_INT, res + 3, 4, MPI_INT, 1, 16, 4,
                       MPI_INT, MPI_SUM, win);
    // C2: ERROR: MPISync: overlapping-buffers on rank 0
    // C2: MPI_Get_accumulate started here:
    // C2-NEXT: #0 {{.*}} in main {{.*}}overlapping_result_buffers.c:[[@LINE-4]]
    // C2: of a pending MPI_Get (4 x MPI_INT), started here:
    // C2-NEXT: #0 {{.*}} in main {{.*}}overlapping_result_buffers.c:[[@LINE-10]]
#endif
    MPI_Win_flush(1, win);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("res %d %d\n", res[0], res[4] + res[3] - res[3]);
  // OK: res 0 {{[0-9]+}}
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
