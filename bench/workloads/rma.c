/* rma: 2-D 5-point heat stencil with a one-sided halo exchange.
 *
 * Models codes that move halos with MPI-2/3 RMA (the PRK stencil's
 * one-sided variant, NWChem-style fence-synchronised puts): the global
 * NX x NY grid is split by rows; each rank's array, with one ghost row above
 * and below, is exposed in a window (two arrays, two windows, swapped every
 * iteration). An iteration opens an epoch with MPI_Win_fence, MPI_Puts its
 * first owned row into the lower neighbour's upper ghost row and its last
 * owned row into the upper neighbour's lower ghost row, updates the rows
 * that need no ghost while the puts are in flight (reading the window memory
 * no put targets, which the unified memory model allows), closes the epoch
 * with MPI_Win_fence, then updates its two boundary rows. Every 50
 * iterations an MPI_Allreduce of the local heat (a conservation check)
 * feeds the checksum.
 *
 *   rma [NX [ITERS]]   NX columns, NX rows per rank (default 2048), ITERS
 *                      iterations (default 1200)
 *
 * Output: "checksum: <sum of u> <sum of the periodic heat checks>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void update_rows(const double *restrict u, double *restrict v, int nx,
                        int r0, int r1) {
  for (int r = r0; r < r1; r++) {
    const double *c = u + (size_t)r * nx, *up = c - nx, *dn = c + nx;
    double *o = v + (size_t)r * nx;
    o[0] = c[0]; /* fixed boundary columns */
    for (int x = 1; x < nx - 1; x++)
      o[x] = c[x] + 0.2 * (up[x] + dn[x] + c[x - 1] + c[x + 1] - 4.0 * c[x]);
    o[nx - 1] = c[nx - 1];
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int nx = argc > 1 ? atoi(argv[1]) : 2048;
  int iters = argc > 2 ? atoi(argv[2]) : 1200;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int ny = nx; /* owned rows */
  const size_t cells = (size_t)(ny + 2) * nx;
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  double *buf[2];
  MPI_Win win[2];
  for (int b = 0; b < 2; b++) {
    MPI_Alloc_mem((MPI_Aint)(cells * sizeof(double)), MPI_INFO_NULL, &buf[b]);
    for (size_t i = 0; i < cells; i++) buf[b][i] = 0.0;
    MPI_Win_create(buf[b], (MPI_Aint)(cells * sizeof(double)), sizeof(double),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &win[b]);
  }
  /* Hot spots in the interior, cold (zero) ghost rows at the domain ends. */
  for (int r = 1; r <= ny; r++)
    for (int x = 0; x < nx; x++) {
      long gr = (long)rank * ny + r;
      buf[0][(size_t)r * nx + x] = (double)((gr * 31 + x * 17) % 97) / 97.0;
    }
  for (int r = 1; r <= ny; r++) {
    buf[1][(size_t)r * nx] = buf[0][(size_t)r * nx];
    buf[1][(size_t)r * nx + nx - 1] = buf[0][(size_t)r * nx + nx - 1];
  }

  double heat_checks = 0;
  int cur = 0;
  for (int it = 0; it < iters; it++) {
    double *u = buf[cur], *v = buf[1 - cur];
    MPI_Win w = win[cur];
    MPI_Win_fence(0, w);
    /* My row 1 -> up's ghost row ny+1; my row ny -> down's ghost row 0. */
    if (up != MPI_PROC_NULL)
      MPI_Put(u + nx, nx, MPI_DOUBLE, up, (MPI_Aint)(ny + 1) * nx, nx, MPI_DOUBLE, w);
    if (down != MPI_PROC_NULL)
      MPI_Put(u + (size_t)ny * nx, nx, MPI_DOUBLE, down, 0, nx, MPI_DOUBLE, w);
    update_rows(u, v, nx, 2, ny);
    MPI_Win_fence(0, w);
    update_rows(u, v, nx, 1, 2);
    update_rows(u, v, nx, ny, ny + 1);
    cur = 1 - cur;
    if (it % 50 == 49) {
      double s = 0, g;
      for (size_t i = nx; i < (size_t)(ny + 1) * nx; i++) s += buf[cur][i];
      MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      heat_checks += g;
    }
  }

  double s = 0, g;
  for (size_t i = nx; i < (size_t)(ny + 1) * nx; i++) s += buf[cur][i] * (double)(i % 13);
  MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("checksum: %.17g %.17g\n", g, heat_checks);
  for (int b = 0; b < 2; b++) {
    MPI_Win_free(&win[b]);
    MPI_Free_mem(buf[b]);
  }
  MPI_Finalize();
  return 0;
}
