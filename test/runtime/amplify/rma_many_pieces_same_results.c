// A lock epoch of 512 Accumulates of 1024 doubles each: split per element
// that is half a million operations in flight at the unlock, more than
// MPICH keeps requests for (it stopped with an internal error). Amplify
// splits at most 65536 pieces per synchronization and flushes a passive
// target every 4096: the sums are the same with amplify on as off, and
// stats=1 shows both the split and the whole operations.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t | sort > %t.native
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t | sort > %t.a1
// RUN: diff %t.native %t.a1
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=program %mpiexec -n 2 %t | sort > %t.a2
// RUN: diff %t.native %t.a2
// RUN: FileCheck %s < %t.a2
// CHECK: rank 0: sum 2.61779e+08 after 2 epochs
// RUN: env MPISYNC_OPTIONS=amplify=1:stats=1 %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=STATS
// 64 of the 512 operations split in each of the 2 epochs, 65536 pieces each.
// STATS: RMA operations split {{ *}}128{{$}}
// STATS: pieces issued for split operations {{ *}}131072{{$}}
// STATS: flushes added {{.*}} {{[1-9][0-9]*}}{{$}}
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kRows = 512, kCols = 1024 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *win_mem, *src = malloc(sizeof(double) * kRows * kCols);
  MPI_Alloc_mem(sizeof(double) * kRows * kCols, MPI_INFO_NULL, &win_mem);
  for (int i = 0; i < kRows * kCols; i++) {
    win_mem[i] = 0;
    src[i] = (i % 1000) * 0.5;
  }
  MPI_Win win;
  MPI_Win_create(win_mem, sizeof(double) * kRows * kCols, sizeof(double),
                 MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  int peer = (rank + 1) % size;
  for (int epoch = 0; epoch < 2; epoch++) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, peer, 0, win);
    for (int r = 0; r < kRows; r++)
      MPI_Accumulate(src + r * kCols, kCols, MPI_DOUBLE, peer, r * kCols,
                     kCols, MPI_DOUBLE, MPI_SUM, win);
    MPI_Win_unlock(peer, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  double sum = 0;
  for (int i = 0; i < kRows * kCols; i++)
    sum += win_mem[i];
  MPI_Win_unlock(rank, win);
  printf("rank %d: sum %g after 2 epochs\n", rank, sum);
  MPI_Win_free(&win);
  MPI_Free_mem(win_mem);
  free(src);
  MPI_Finalize();
  return 0;
}
