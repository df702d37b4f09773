// A transposed copy (the staging loop of a tiled transpose: c inner with a
// stride of a row, r outer one element further) is checked once before the
// nest when the outer loop's iterations fill the inner loop's gaps, also
// when the stride is known only at run time (AffineNestLifting.cpp,
// liftTransposed). Rank 0 runs a copy with a receive pending into one
// element of t, given as `k`: inside the nest's bytes it is reported at the
// store's line with the MPI_Irecv's; just past them nothing is reported.
// When the outer loop may stop short of the tile (stage_rows: its rows are
// not the tile's), the gaps are the program's and a receive into one is not
// reported. A tile read across the rows of a wider matrix (read_tile: its
// columns leave gaps) is one rows check: a receive into the tile is
// reported at the load's line, one beside it is not.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t tile 8 8 21 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: %mpiexec -n 2 %t tile 8 8 64 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: not %mpiexec -n 2 %t 16 16 16 37 2>&1 | FileCheck %s --check-prefix=SIXTEEN
// RUN: %mpiexec -n 2 %t 16 16 16 256 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: not %mpiexec -n 2 %t rows 8 7 17 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: %mpiexec -n 2 %t rows 8 7 15 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpiexec -n 2 %t rows 8 8 64 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: not %mpiexec -n 2 %t read 8 8 -131 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %mpiexec -n 2 %t read 8 8 -137 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// That the copies keep no per-element check at -O2: test/pass/transposed_nest.c.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

static double a[N * N], t[N * N + 8];

__attribute__((noinline)) void stage(double *dst, const double *src,
                                     int tile) {
  for (int r = 0; r < tile; r++)
    for (int c = 0; c < tile; c++)
      dst[(size_t)c * tile + r] = src[(size_t)r * N + c]; // TILE
}

__attribute__((noinline)) void stage16(double *dst, const double *src) {
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++)
      dst[c * 16 + r] = src[r * N + c]; // SIXTEEN
}

__attribute__((noinline)) void stage_rows(double *dst, const double *src,
                                          int tile, int rows) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < tile; c++)
      dst[(size_t)c * tile + r] = src[(size_t)r * N + c]; // ROWS
}

__attribute__((noinline)) void read_tile(double *dst, const double *src,
                                         int tile) {
  for (int r = 0; r < tile; r++)
    for (int c = 0; c < tile; c++)
      dst[(size_t)r * tile + c] = src[(size_t)c * N + r]; // READ
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *copy = argv[1];
  int tile = atoi(argv[2]), rows = atoi(argv[3]), k = atoi(argv[4]);
  for (int i = 0; i < N * N; i++)
    a[i] = i;
  double v = -1;
  if (rank == 0) {
    // A negative k names an element of a (read by read_tile), -1 - k.
    double *into = k < 0 ? &a[-1 - k] : &t[k];
    MPI_Request req;
    MPI_Irecv(into, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // IRECV
    if (!strcmp(copy, "tile"))
      stage(t, a, tile);
    else if (!strcmp(copy, "rows"))
      stage_rows(t, a, tile, rows);
    else if (!strcmp(copy, "read"))
      read_tile(t, a, tile);
    else
      stage16(t, a);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("received %g\n", *into);
    // OK: received -1
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
// TILE: ERROR: MPISync: recv-buffer-access on rank 0
// TILE: #0 {{.*}} in stage {{.*}}hoist_transposed.c:37
// TILE: MPI_Irecv
// TILE: #0 {{.*}} in main {{.*}}hoist_transposed.c:73
// SIXTEEN: ERROR: MPISync: recv-buffer-access on rank 0
// SIXTEEN: #0 {{.*}} in stage16 {{.*}}hoist_transposed.c:43
// SIXTEEN: MPI_Irecv
// SIXTEEN: #0 {{.*}} in main {{.*}}hoist_transposed.c:73
// ROWS: ERROR: MPISync: recv-buffer-access on rank 0
// ROWS: #0 {{.*}} in stage_rows {{.*}}hoist_transposed.c:50
// ROWS: MPI_Irecv
// ROWS: #0 {{.*}} in main {{.*}}hoist_transposed.c:73
// READ: ERROR: MPISync: recv-buffer-access on rank 0
// READ: #0 {{.*}} in read_tile {{.*}}hoist_transposed.c:57
// READ: MPI_Irecv
// READ: #0 {{.*}} in main {{.*}}hoist_transposed.c:73
