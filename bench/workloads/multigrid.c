/* multigrid: V-cycles for the 3-D Poisson equation, cell-centred, Jacobi
 * smoothing, halo exchanges on every level.
 *
 * Models NPB MG and the geometric multigrid of HPGMG / HPCG's MG
 * preconditioner: the ranks form a 3-D Cartesian grid (MPI_Dims_create,
 * non-periodic: missing neighbours are MPI_PROC_NULL, ghosts stay zero, i.e.
 * homogeneous Dirichlet). Each level halves the cells per dimension down to
 * 2^3 per rank, so the coarse levels exchange many small messages. Every
 * smoothing sweep and every residual is preceded by a face exchange (pack
 * six faces, MPI_Irecv/MPI_Isend, MPI_Waitall, unpack). Restriction averages
 * the 8 children, prolongation injects the coarse correction into them
 * (the coarse operator is the Galerkin one of that pair).
 *
 *   multigrid [N [CYCLES]]   N^3 cells per rank on the finest level (power
 *                            of two, default 256), CYCLES V-cycles (default 20)
 *
 * Output: "checksum: <|r|^2 after the last cycle> <sum of u>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLEV 16

typedef struct {
  int n;           /* cells per dimension, owned */
  int s;           /* n + 2 */
  double h2;       /* h^2 */
  double *u, *f, *r, *t;
  double *sbuf[6], *rbuf[6];
} Level;

static Level lev[MAXLEV];
static int nlev;
static MPI_Comm cart;
static int nbr[6];

#define AT(L, i, j, k) ((size_t)(i) * (L)->s * (L)->s + (size_t)(j) * (L)->s + (k))

static void pack_face(const Level *L, const double *a, double *buf, int f) {
  int n = L->n, d = f / 2, pos = (f % 2) ? n : 1;
  size_t m = 0;
  for (int x = 1; x <= n; x++)
    for (int y = 1; y <= n; y++) {
      size_t idx = d == 0 ? AT(L, pos, x, y) : d == 1 ? AT(L, x, pos, y) : AT(L, x, y, pos);
      buf[m++] = a[idx];
    }
}

static void unpack_face(const Level *L, double *a, const double *buf, int f) {
  int n = L->n, d = f / 2, pos = (f % 2) ? n + 1 : 0;
  size_t m = 0;
  for (int x = 1; x <= n; x++)
    for (int y = 1; y <= n; y++) {
      size_t idx = d == 0 ? AT(L, pos, x, y) : d == 1 ? AT(L, x, pos, y) : AT(L, x, y, pos);
      a[idx] = buf[m++];
    }
}

static void exchange(Level *L, double *a) {
  MPI_Request req[12];
  int cnt = L->n * L->n;
  for (int f = 0; f < 6; f++)
    MPI_Irecv(L->rbuf[f], cnt, MPI_DOUBLE, nbr[f], (f ^ 1), cart, &req[f]);
  for (int f = 0; f < 6; f++) {
    pack_face(L, a, L->sbuf[f], f);
    MPI_Isend(L->sbuf[f], cnt, MPI_DOUBLE, nbr[f], f, cart, &req[6 + f]);
  }
  MPI_Waitall(12, req, MPI_STATUSES_IGNORE);
  for (int f = 0; f < 6; f++)
    if (nbr[f] != MPI_PROC_NULL) unpack_face(L, a, L->rbuf[f], f);
}

/* Weighted Jacobi for -lap(u) = f: u' = u + w * (f - A u) * h2 / 6. */
static void smooth(Level *L) {
  const int n = L->n, s = L->s;
  const size_t sx = (size_t)s * s;
  const double w = 0.8 / 6.0, h2 = L->h2, ih2 = 1.0 / L->h2;
  exchange(L, L->u);
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++) {
      const double *u = L->u + AT(L, i, j, 0);
      const double *f = L->f + AT(L, i, j, 0);
      double *t = L->t + AT(L, i, j, 0);
      for (int k = 1; k <= n; k++) {
        double au = (6.0 * u[k] - u[k - 1] - u[k + 1] - u[k - s] - u[k + s] -
                     u[k - sx] - u[k + sx]) * ih2;
        t[k] = u[k] + w * h2 * (f[k] - au);
      }
    }
  double *tmp = L->u;
  L->u = L->t;
  L->t = tmp;
}

static void residual(Level *L) {
  const int n = L->n, s = L->s;
  const size_t sx = (size_t)s * s;
  const double ih2 = 1.0 / L->h2;
  exchange(L, L->u);
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++) {
      const double *u = L->u + AT(L, i, j, 0);
      const double *f = L->f + AT(L, i, j, 0);
      double *r = L->r + AT(L, i, j, 0);
      for (int k = 1; k <= n; k++)
        r[k] = f[k] - (6.0 * u[k] - u[k - 1] - u[k + 1] - u[k - s] - u[k + s] -
                       u[k - sx] - u[k + sx]) * ih2;
    }
}

static void restrict_to(const Level *F, Level *C) {
  memset(C->u, 0, (size_t)C->s * C->s * C->s * sizeof(double));
  for (int i = 1; i <= C->n; i++)
    for (int j = 1; j <= C->n; j++)
      for (int k = 1; k <= C->n; k++) {
        int fi = 2 * i - 1, fj = 2 * j - 1, fk = 2 * k - 1;
        double s = 0;
        for (int a = 0; a < 2; a++)
          for (int b = 0; b < 2; b++)
            for (int c = 0; c < 2; c++) s += F->r[AT(F, fi + a, fj + b, fk + c)];
        C->f[AT(C, i, j, k)] = s * 0.125;
      }
}

static void prolong_add(const Level *C, Level *F) {
  for (int i = 1; i <= C->n; i++)
    for (int j = 1; j <= C->n; j++)
      for (int k = 1; k <= C->n; k++) {
        double e = C->u[AT(C, i, j, k)];
        int fi = 2 * i - 1, fj = 2 * j - 1, fk = 2 * k - 1;
        for (int a = 0; a < 2; a++)
          for (int b = 0; b < 2; b++)
            for (int c = 0; c < 2; c++) F->u[AT(F, fi + a, fj + b, fk + c)] += e;
      }
}

static void vcycle(int l) {
  Level *L = &lev[l];
  if (l == nlev - 1) {
    for (int it = 0; it < 24; it++) smooth(L);
    return;
  }
  smooth(L);
  smooth(L);
  residual(L);
  restrict_to(L, &lev[l + 1]);
  vcycle(l + 1);
  prolong_add(&lev[l + 1], L);
  smooth(L);
  smooth(L);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = argc > 1 ? atoi(argv[1]) : 256;
  int cycles = argc > 2 ? atoi(argv[2]) : 20;
  int size, rank, dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3];
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 3, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_coords(cart, rank, 3, coords);
  for (int d = 0; d < 3; d++) MPI_Cart_shift(cart, d, 1, &nbr[2 * d], &nbr[2 * d + 1]);

  int maxdim = dims[0] > dims[1] ? dims[0] : dims[1];
  maxdim = maxdim > dims[2] ? maxdim : dims[2];
  double h = 1.0 / ((double)n * maxdim);
  for (nlev = 0; nlev < MAXLEV && n >> nlev >= 2; nlev++) {
    Level *L = &lev[nlev];
    L->n = n >> nlev;
    L->s = L->n + 2;
    /* With constant prolongation and averaging restriction the Galerkin
     * coarse operator is half the rediscretised one: h^2 doubles per level. */
    L->h2 = h * h * (double)(1 << nlev);
    size_t cells = (size_t)L->s * L->s * L->s;
    L->u = calloc(cells, sizeof(double));
    L->f = calloc(cells, sizeof(double));
    L->r = calloc(cells, sizeof(double));
    L->t = calloc(cells, sizeof(double));
    for (int f = 0; f < 6; f++) {
      L->sbuf[f] = malloc((size_t)L->n * L->n * sizeof(double));
      L->rbuf[f] = malloc((size_t)L->n * L->n * sizeof(double));
    }
  }
  /* Right-hand side: a few point-like sources, deterministic. */
  Level *F = &lev[0];
  for (int i = 1; i <= F->n; i++)
    for (int j = 1; j <= F->n; j++)
      for (int k = 1; k <= F->n; k++) {
        long gi = (long)coords[0] * n + i, gj = (long)coords[1] * n + j,
             gk = (long)coords[2] * n + k;
        F->f[AT(F, i, j, k)] = (double)((gi * 3 + gj * 5 + gk * 7) % 23) - 11.0;
      }

  double rr = 0;
  for (int c = 0; c < cycles; c++) {
    vcycle(0);
    residual(F);
    double s = 0;
    for (int i = 1; i <= F->n; i++)
      for (int j = 1; j <= F->n; j++)
        for (int k = 1; k <= F->n; k++) {
          double x = F->r[AT(F, i, j, k)];
          s += x * x;
        }
    MPI_Allreduce(&s, &rr, 1, MPI_DOUBLE, MPI_SUM, cart);
  }
  double su = 0, gsu;
  for (int i = 1; i <= F->n; i++)
    for (int j = 1; j <= F->n; j++)
      for (int k = 1; k <= F->n; k++) su += F->u[AT(F, i, j, k)];
  MPI_Allreduce(&su, &gsu, 1, MPI_DOUBLE, MPI_SUM, cart);
  if (rank == 0) printf("checksum: %.17g %.17g\n", rr, gsu);
  for (int l = 0; l < nlev; l++) {
    free(lev[l].u); free(lev[l].f); free(lev[l].r); free(lev[l].t);
    for (int f = 0; f < 6; f++) {
      free(lev[l].sbuf[f]);
      free(lev[l].rbuf[f]);
    }
  }
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
