// Rank 0 Puts a 4 x 4 block of tiles into rank 1's window, tile by tile
// (a vector type of 4 rows of 4 doubles each), in one fence epoch in which
// rank 1 reads one element of the block. Each row of a tile continues the
// same row of the tile before it, from the same call with nothing
// recorded in between, so each row of the block is one record of 16
// doubles (runtime/mpisync_rma_records.cpp, ContinuedOperation): the read
// is reported against 128 bytes at the row's start, at the MPI_Put's line.
// -DBETWEEN: rank 0 stores into its own window between the tiles (a new
// element each time, so each store is recorded), which orders the tiles
// after it apart from those before: the rows are records of 4 doubles
// again (32 bytes). -DFIXED: rank 1 reads outside the block;
// no report.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,ROWS < %t.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DBETWEEN %s -o %t.between
// RUN: not %mpiexec -n 2 %t.between > %t.between.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,TILES < %t.between.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#define N 32 // the window: N x N doubles
#define T 4  // tiles of T x T, a block of T x T tiles

int main(int argc, char **argv) {
  int rank;
  double *mem, tile[T * T];
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(N * N * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < N * N; i++)
    mem[i] = i;
  for (int i = 0; i < T * T; i++)
    tile[i] = -i;
  MPI_Datatype rows;
  MPI_Type_vector(T, T, N, MPI_DOUBLE, &rows);
  MPI_Type_commit(&rows);
  MPI_Win_fence(0, win);
  double seen = 0;
  if (rank == 0) {
    for (int ti = 0; ti < T; ti++)
      // One call instruction for every tile: a record is continued by the
      // operations of one stack (unrolled, each copy has its own).
#pragma clang loop unroll(disable)
      for (int tj = 0; tj < T; tj++) {
        MPI_Put(tile, T * T, MPI_DOUBLE, 1, (MPI_Aint)ti * T * N + tj * T, 1,
                rows, win); // PUT
#ifdef BETWEEN
        mem[N * N - 1 - ti * T - tj] = tj; // its own window, a new element
#endif
      }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
#ifdef FIXED
    seen = mem[N * N - 1];
#else
    seen = mem[5 * N + 10]; // row 5 of the block, third tile // READ
#endif
  }
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("seen %.1f\n", seen);
  MPI_Type_free(&rows);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 8 bytes at offset 0x550 of rank 1's window memory by rank 1 (a load), here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_put_tiles_continued.c:62
// ROWS: WRITE of 128 bytes at offset 0x500 of rank 1's window memory by MPI_Put on rank 0, issued here:
// TILES: WRITE of 32 bytes at offset 0x540 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_put_tiles_continued.c:50
// OK: seen {{[0-9.]+}}
