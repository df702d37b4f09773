// A 5-point sweep over rows 1..R-2 of a grid reads whole rows of c (its
// first and last elements included) but only the inner elements of the
// rows above and below: at -O2 the row checks are lifted out of the row
// loop, c's as one range over the sweep and the neighbour rows' as the one
// row the c range does not cover (row 0 for `up`, row R-1 for `dn`). The
// corners of rows 0 and R-1 are never read: a receive pending into them is
// not reported (-DFIXED). Reading an element of row 0 or R-1 that the sweep
// does read is, with the line of the read and of the MPI_Irecv. The sweep
// runs twice: over a square grid, where the row loop's guard (nx > 2) is
// the sweep's own, and with rows and columns counted apart, where the row
// loop keeps its guard inside the sweep and the lifted checks are guarded
// by it.
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DTOP %s -o %t.top
// RUN: not %mpiexec -n 2 %t.top 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DBOTTOM %s -o %t.bottom
// RUN: not %mpiexec -n 2 %t.bottom 2>&1 | FileCheck %s --check-prefix=BOTTOM
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NX 80
#define R NX

static double grid[R * NX], next[R * NX];

__attribute__((noinline)) void sweep_square(const double *restrict u,
                                            double *restrict v, int nx) {
  for (int r = 1; r < nx - 1; r++) {
    const double *c = u + (size_t)r * nx, *up = c - nx, *dn = c + nx;
    double *o = v + (size_t)r * nx;
    o[0] = c[0];
    for (int x = 1; x < nx - 1; x++)
      o[x] = c[x] + 0.2 * (up[x] + dn[x] + c[x - 1] + c[x + 1] - 4.0 * c[x]); // SQUARE_READ
    o[nx - 1] = c[nx - 1];
  }
}

__attribute__((noinline)) void sweep_rect(const double *restrict u,
                                          double *restrict v, int rows, int nx) {
  for (int r = 1; r < rows - 1; r++) {
    const double *c = u + (size_t)r * nx, *up = c - nx, *dn = c + nx;
    double *o = v + (size_t)r * nx;
    o[0] = c[0];
    for (int x = 1; x < nx - 1; x++)
      o[x] = c[x] + 0.2 * (up[x] + dn[x] + c[x - 1] + c[x + 1] - 4.0 * c[x]); // RECT_READ
    o[nx - 1] = c[nx - 1];
  }
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < R * NX; i++)
      grid[i] = (double)(i % 7);
    MPI_Request req[2];
#if defined(FIXED)
    // The four corners the sweep never reads: two of them pending.
    MPI_Irecv(&grid[NX - 1], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(&grid[(R - 1) * NX], 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &req[1]);
#elif defined(TOP)
    // Row 0, element NX-2: read as up[NX-2] when r is 1.
    MPI_Irecv(&grid[NX - 2], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]); // IRECV_LINE
    MPI_Irecv(&grid[(R - 1) * NX], 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &req[1]);
#else
    // Row R-1, element 1: read as dn[1] when r is R-2.
    MPI_Irecv(&grid[NX - 1], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(&grid[(R - 1) * NX + 1], 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &req[1]); // IRECV_LINE
#endif
    sweep_square(grid, next, NX);
    sweep_rect(grid, next, R, NX);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    double sum = 0;
    for (int i = 0; i < R * NX; i++)
      sum += next[i];
    printf("sum %.1f\n", sum);
  } else {
    double corner[2] = {100.0, 200.0};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&corner[0], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    MPI_Send(&corner[1], 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
// OK: sum {{[0-9.]+}}
// TOP: ERROR: MPISync: recv-buffer-access on rank 0
// TOP-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// TOP-NEXT: #0 {{.*}} in sweep_square {{.*}}hoist_nest_gaps.c:35
// TOP: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// TOP-NEXT: #0 {{.*}} in main {{.*}}hoist_nest_gaps.c:66
// TOP: ERROR: MPISync: recv-buffer-access on rank 0
// TOP-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// TOP-NEXT: #0 {{.*}} in sweep_rect {{.*}}hoist_nest_gaps.c:47
// TOP: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// TOP-NEXT: #0 {{.*}} in main {{.*}}hoist_nest_gaps.c:66
// BOTTOM: ERROR: MPISync: recv-buffer-access on rank 0
// BOTTOM-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// BOTTOM-NEXT: #0 {{.*}} in sweep_square {{.*}}hoist_nest_gaps.c:35
// BOTTOM: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// BOTTOM-NEXT: #0 {{.*}} in main {{.*}}hoist_nest_gaps.c:71
// BOTTOM: ERROR: MPISync: recv-buffer-access on rank 0
// BOTTOM-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// BOTTOM-NEXT: #0 {{.*}} in sweep_rect {{.*}}hoist_nest_gaps.c:47
// BOTTOM: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// BOTTOM-NEXT: #0 {{.*}} in main {{.*}}hoist_nest_gaps.c:71
