/* stencil3d: 3-D 7-point Jacobi stencil on a periodic Cartesian process grid.
 *
 * Models the halo exchange of structured-grid codes (miniGhost, CloverLeaf,
 * the stencil kernels of PRK): each rank owns an NX x NY x NZ block with one
 * ghost layer; every iteration packs its six faces into contiguous buffers,
 * posts MPI_Irecv/MPI_Isend for all of them, updates the interior (the cells
 * that need no ghost) while the halos are in flight, waits with MPI_Waitall,
 * unpacks the ghosts and finally updates the boundary shell.
 *
 *   stencil3d [N [ITERS]]     local block N^3 per rank (default 128), ITERS
 *                             iterations (default 1500)
 *
 * Output: "checksum: <sum of u> <sum of u*w>" (deterministic: local sums in
 * a fixed order, one MPI_Allreduce per value). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int NX, NY, NZ;      /* owned cells per dimension */
static int SX, SY, SZ;      /* allocated (with ghosts) */

#define IDX(i, j, k) ((size_t)(i) * SY * SZ + (size_t)(j) * SZ + (size_t)(k))

static void update_box(const double *restrict u, double *restrict v, int i0,
                       int i1, int j0, int j1, int k0, int k1) {
  const double c0 = 0.25, c1 = 0.125;
  const size_t sx = (size_t)SY * SZ, sy = SZ;
  for (int i = i0; i < i1; i++)
    for (int j = j0; j < j1; j++) {
      const double *p = u + IDX(i, j, 0);
      double *q = v + IDX(i, j, 0);
      for (int k = k0; k < k1; k++)
        q[k] = c0 * p[k] + c1 * (p[k - 1] + p[k + 1] + p[k - sy] + p[k + sy] +
                                 p[k - sx] + p[k + sx]);
    }
}

/* Face f = 2*dim + side (side 0: low, 1: high). Owned cells run 1..N. */
static size_t face_size(int dim) {
  return dim == 0 ? (size_t)NY * NZ : dim == 1 ? (size_t)NX * NZ : (size_t)NX * NY;
}

static void pack(const double *u, double *buf, int dim, int side) {
  size_t n = 0;
  if (dim == 0) {
    int i = side ? NX : 1;
    for (int j = 1; j <= NY; j++)
      for (int k = 1; k <= NZ; k++) buf[n++] = u[IDX(i, j, k)];
  } else if (dim == 1) {
    int j = side ? NY : 1;
    for (int i = 1; i <= NX; i++)
      for (int k = 1; k <= NZ; k++) buf[n++] = u[IDX(i, j, k)];
  } else {
    int k = side ? NZ : 1;
    for (int i = 1; i <= NX; i++)
      for (int j = 1; j <= NY; j++) buf[n++] = u[IDX(i, j, k)];
  }
}

static void unpack(double *u, const double *buf, int dim, int side) {
  size_t n = 0;
  if (dim == 0) {
    int i = side ? NX + 1 : 0;
    for (int j = 1; j <= NY; j++)
      for (int k = 1; k <= NZ; k++) u[IDX(i, j, k)] = buf[n++];
  } else if (dim == 1) {
    int j = side ? NY + 1 : 0;
    for (int i = 1; i <= NX; i++)
      for (int k = 1; k <= NZ; k++) u[IDX(i, j, k)] = buf[n++];
  } else {
    int k = side ? NZ + 1 : 0;
    for (int i = 1; i <= NX; i++)
      for (int j = 1; j <= NY; j++) u[IDX(i, j, k)] = buf[n++];
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = argc > 1 ? atoi(argv[1]) : 128;
  int iters = argc > 2 ? atoi(argv[2]) : 1500;
  int size, rank;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1}, coords[3];
  MPI_Dims_create(size, 3, dims);
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_coords(cart, rank, 3, coords);
  int nbr[6];
  for (int d = 0; d < 3; d++) MPI_Cart_shift(cart, d, 1, &nbr[2 * d], &nbr[2 * d + 1]);

  NX = NY = NZ = n;
  SX = NX + 2, SY = NY + 2, SZ = NZ + 2;
  size_t total = (size_t)SX * SY * SZ;
  double *u = malloc(total * sizeof(double));
  double *v = malloc(total * sizeof(double));
  double *sendbuf[6], *recvbuf[6];
  for (int f = 0; f < 6; f++) {
    sendbuf[f] = malloc(face_size(f / 2) * sizeof(double));
    recvbuf[f] = malloc(face_size(f / 2) * sizeof(double));
  }
  memset(v, 0, total * sizeof(double));
  for (int i = 0; i < SX; i++)
    for (int j = 0; j < SY; j++)
      for (int k = 0; k < SZ; k++) {
        long gi = (long)coords[0] * NX + i, gj = (long)coords[1] * NY + j,
             gk = (long)coords[2] * NZ + k;
        u[IDX(i, j, k)] = (double)((gi * 7 + gj * 13 + gk * 17) % 101) / 101.0;
      }

  MPI_Request req[12];
  for (int it = 0; it < iters; it++) {
    for (int f = 0; f < 6; f++) {
      /* A face received from the neighbour on side s was that neighbour's
       * face 1-s: tag by the sender's face. */
      int d = f / 2, s = f % 2;
      MPI_Irecv(recvbuf[f], (int)face_size(d), MPI_DOUBLE, nbr[f],
                2 * d + (1 - s), cart, &req[f]);
    }
    for (int f = 0; f < 6; f++) {
      pack(u, sendbuf[f], f / 2, f % 2);
      MPI_Isend(sendbuf[f], (int)face_size(f / 2), MPI_DOUBLE, nbr[f], f, cart,
                &req[6 + f]);
    }
    /* Overlap: cells 2..N-1 read no ghost. */
    update_box(u, v, 2, NX, 2, NY, 2, NZ);
    MPI_Waitall(12, req, MPI_STATUSES_IGNORE);
    for (int f = 0; f < 6; f++) unpack(u, recvbuf[f], f / 2, f % 2);
    /* The boundary shell: two i-planes, then j-planes and k-planes. */
    update_box(u, v, 1, 2, 1, NY + 1, 1, NZ + 1);
    update_box(u, v, NX, NX + 1, 1, NY + 1, 1, NZ + 1);
    update_box(u, v, 2, NX, 1, 2, 1, NZ + 1);
    update_box(u, v, 2, NX, NY, NY + 1, 1, NZ + 1);
    update_box(u, v, 2, NX, 2, NY, 1, 2);
    update_box(u, v, 2, NX, 2, NY, NZ, NZ + 1);
    double *t = u;
    u = v;
    v = t;
  }

  double local[2] = {0, 0}, global[2];
  for (int i = 1; i <= NX; i++)
    for (int j = 1; j <= NY; j++)
      for (int k = 1; k <= NZ; k++) {
        double x = u[IDX(i, j, k)];
        local[0] += x;
        local[1] += x * (double)((i + 3 * j + 5 * k) % 7);
      }
  MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_SUM, cart);
  if (rank == 0) printf("checksum: %.17g %.17g\n", global[0], global[1]);
  for (int f = 0; f < 6; f++) {
    free(sendbuf[f]);
    free(recvbuf[f]);
  }
  free(u);
  free(v);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
