// Rank 1 reads the left half of rows 2 .. 13 of its own window memory tile
// by tile (8 columns a tile) and the right half of the same rows in
// another function, in the fence epoch in which rank 0 Puts into them. At
// -O2 each tile is one rows check (the IR check makes sure of it); the
// runtime continues each row's record of the tile before, twelve rows
// back (further than the last records it compares with), so a Put into
// the second tile of row 7 is reported as a conflict with a read of the
// row's left half: 128 bytes at offset 0x700, at the tile loop's line. The
// right half's rows touch the left half's records end to end but are read
// elsewhere: their records stay apart, and a Put into row 9's right half
// is reported at that function's line (a report names where the access
// was made). -DFIXED: the Puts go to row 0, which nobody reads; no report.
// RUN: %bindir/mpisync-mpicc -fsanitize=mpisync -O2 -g -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#define W 32
#define H 16
#define T 8

// IR-LABEL: define {{.*}}double @left_tiles_sum(
// IR:       call preserve_allcc void @__mpisync_loadRows_pa(
// IR-NOT:   call preserve_allcc void @__mpisync_load
// IR:       ret double
__attribute__((noinline)) double left_tiles_sum(const double *m, long w,
                                                int t, int r0, int r1) {
  double s = 0;
  for (long tj = 0; tj < w / 2; tj += t)
    for (int r = r0; r < r1; r++)
      for (long c = tj; c < tj + t; c++)
        s += m[r * w + c] * (double)c; // LEFT_READ
  return s;
}

__attribute__((noinline)) double right_half_sum(const double *m, int r0,
                                                int r1) {
  double s = 0;
  for (int r = r0; r < r1; r++)
    for (long c = W / 2; c < W; c++)
      s += m[r * W + c]; // RIGHT_READ
  return s;
}

int main(int argc, char **argv) {
  int rank;
  double *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(W * H * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < W * H; i++)
    mem[i] = i % 5;
  MPI_Win_fence(0, win);
  double value = 42.0;
#ifdef FIXED
  MPI_Aint left = 12, right = 20; // row 0
#else
  MPI_Aint left = 7 * W + 12, right = 9 * W + 20;
#endif
  if (rank == 0) {
    MPI_Put(&value, 1, MPI_DOUBLE, 1, left, 1, MPI_DOUBLE, win); // PUT_LEFT
    MPI_Put(&value, 1, MPI_DOUBLE, 1, right, 1, MPI_DOUBLE, win); // PUT_RIGHT
  }
  MPI_Barrier(MPI_COMM_WORLD);
  double s = 0;
  if (rank == 1) {
    s += left_tiles_sum(mem, W, T, 2, 14);
    s += right_half_sum(mem, 2, 14);
  }
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("sum %.1f\n", s);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 128 bytes at offset 0x700 of rank 1's window memory by rank 1 (a load), here:
// CHECK-NEXT: #0 {{.*}} in left_tiles_sum {{.*}}fence_tile_rows_continued.c:36
// CHECK: WRITE of 8 bytes at offset 0x760 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_tile_rows_continued.c:67
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 128 bytes at offset 0x980 of rank 1's window memory by rank 1 (a load), here:
// CHECK-NEXT: #0 {{.*}} in right_half_sum {{.*}}fence_tile_rows_continued.c:45
// CHECK: WRITE of 8 bytes at offset 0x9a0 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_tile_rows_continued.c:68
// OK: sum {{[0-9.]+}}
