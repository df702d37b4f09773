// Rank 1 reads the interior of a tile of its own window memory (columns 1
// .. W-2 of rows 4 .. 11: gaps between the rows) in the fence epoch in
// which rank 0 Puts into it: at -O2 the read's checks are lifted out of the
// row loop as rows (the IR check makes sure of it), which the runtime
// records row by row under one lock. A Put into an element the tile reads
// is reported (rma-remote-conflict) at the read's line, with the Put's, as
// a read of that one row's interior (row 7, columns 1 .. 22: 176 bytes at
// 0x548), not of the rows' hull; a
// Put into column 0 of a tile row, inside the rows' hull but in a gap, is
// not (-DFIXED). The IR check builds with the defaults whatever the suite's
// filter setting (with every filter off each load is recorded alone, and
// the row's loads merge into the same record).
// RUN: %bindir/mpisync-mpicc -fsanitize=mpisync -O2 -g -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#define W 24
#define H 16

// IR-LABEL: define {{.*}}double @tile_sum(
// IR:       call preserve_allcc void @__mpisync_loadRows_cold(
// IR-NOT:   call preserve_allcc void @__mpisync_load
// IR:       ret double
__attribute__((noinline)) double tile_sum(const double *m, long w, int r0,
                                          int r1) {
  double s = 0;
  for (int r = r0; r < r1; r++)
    for (long c = 1; c < w - 1; c++)
      s += m[r * w + c] * (double)c; // TILE_READ
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
  MPI_Aint disp = 7 * W; // row 7, column 0
#else
  MPI_Aint disp = 7 * W + 5; // row 7, column 5
#endif
  if (rank == 0)
    MPI_Put(&value, 1, MPI_DOUBLE, 1, disp, 1, MPI_DOUBLE, win); // PUT
  MPI_Barrier(MPI_COMM_WORLD);
  double s = 0;
  if (rank == 1)
    s = tile_sum(mem, W, 4, 12);
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("sum %.1f\n", s);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 176 bytes at offset 0x548 of rank 1's window memory by rank 1 (a load), here:
// CHECK-NEXT: #0 {{.*}} in tile_sum {{.*}}fence_tile_rows.c:34
// CHECK: WRITE of 8 bytes at offset 0x568 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_tile_rows.c:56
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}fence_tile_rows.c:34{{.*}} in tile_sum; MPI_Put at {{.*}}fence_tile_rows.c:56
// OK: sum {{[0-9.]+}}
