// Loop nests whose inner loop reads the interior columns of each row (gaps
// between rows), going down the rows and going up them: at -O2 each nest's
// row checks are lifted out of the row loop as rows (one call naming every
// row; the IR check below makes sure of it), and the runtime checks each
// row, never a gap. A receive pending into a gap (column 0 or NX-1, never
// read) is not reported (-DFIXED); one pending into an interior element of
// a middle row is, by both nests, with the line of the read and of the
// MPI_Irecv, and the size of the rest of that one row from the element on
// (32 doubles: the row, not the rows' hull; 8 bytes when the suite runs
// with every filter off, where each access is checked alone). The IR check
// builds with the defaults whatever the suite's filter setting.
// RUN: %bindir/mpisync-mpicc -fsanitize=mpisync -O2 -g -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

#define NX 40
#define R 30

static double grid[R * NX];

// IR-LABEL: define {{.*}}double @interior_down(
// IR:       call preserve_allcc void @__mpisync_loadRows_cold(
// IR-NOT:   call preserve_allcc void @__mpisync_load
// IR:       ret double
__attribute__((noinline)) double interior_down(const double *g, int rows,
                                               long nx) {
  double s = 0;
  for (int r = rows - 2; r >= 1; r--)
    for (long x = 1; x < nx - 1; x++)
      s += g[r * nx + x] * (double)(x + r); // DOWN_READ
  return s;
}

// IR-LABEL: define {{.*}}double @interior_up(
// IR:       call preserve_allcc void @__mpisync_loadRows_cold(
// IR-NOT:   call preserve_allcc void @__mpisync_load
// IR:       ret double
__attribute__((noinline)) double interior_up(const double *g, int rows,
                                             long nx) {
  double s = 0;
  for (int r = 1; r < rows - 1; r++)
    for (long x = 1; x < nx - 1; x++)
      s += g[r * nx + x] * (double)(x - r); // UP_READ
  return s;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < R * NX; i++)
      grid[i] = (double)(i % 11);
    MPI_Request req[2];
    // Column 0 of row 10 and column NX-1 of row 20: gaps, never read.
    MPI_Irecv(&grid[10 * NX], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]);
#if defined(FIXED)
    MPI_Irecv(&grid[20 * NX + NX - 1], 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD,
              &req[1]);
#else
    // Row 15, column 7: read by both nests.
    MPI_Irecv(&grid[15 * NX + 7], 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &req[1]); // IRECV_LINE
#endif
    double s = interior_down(grid, R, NX) + interior_up(grid, R, NX);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    printf("sum %.1f\n", s);
  } else {
    double v[2] = {100.0, 200.0};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&v[0], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    MPI_Send(&v[1], 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
// OK: sum {{[0-9.]+}}
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK-NEXT: READ of size {{(256|8)}} at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in interior_down {{.*}}hoist_rows.c:34
// CHECK: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}hoist_rows.c:66
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK-NEXT: READ of size {{(256|8)}} at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in interior_up {{.*}}hoist_rows.c:47
// CHECK: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}hoist_rows.c:66
