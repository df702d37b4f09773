/* csr_kernels: sparse-matrix kernels in CSR form, as a solver library writes
 * them.
 *
 * Models the C kernels of sparse linear-algebra libraries (hypre's
 * parcsr_mv and seq_mv, PETSc's AIJ): many functions, each a few call-free
 * loops over matrix rows with indirect column accesses, the loops that
 * public codes spent their compile time on under MPISync (hypre's
 * par_csr_matop.c 2.0x, docs/performance.md "Session 56"). The matrix is the
 * 9-point Laplacian of an NX x NX-per-rank grid, rows split by grid rows;
 * its ghost columns (the neighbours' first and last grid rows) are numbered
 * after the owned ones, so the vector x is [owned | ghost row below | ghost
 * row above]. Per iteration:
 *   - a CG step preconditioned by l1-Jacobi, whose SpMV receives the ghost
 *     rows into x's tail with MPI_Irecv while the interior rows are
 *     multiplied, and sends the boundary rows packed;
 *   - every ITERS / 4 iterations, the local block of A*A (a row merge with
 *     a marker array, as in SpGEMM), its transpose (a counting sort by
 *     column) and a check that (A*A) x = A (A x) and (A^T)^T = A on the
 *     owned rows.
 *
 *   csr_kernels [NX [ITERS]]   NX x NX grid points per rank (default 256),
 *                              ITERS CG iterations (default 200)
 *
 * Output: "checksum: <hex of |r|^2> <hex of sum x> <errors>"; errors counts
 * identity checks that failed and a residual that did not fall; exits 1 on
 * any. */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int nrows, ncols; /* ncols: owned + ghost columns */
  int *rowptr, *col;
  double *val;
} Csr;

typedef struct {
  int nx, owned, below, above; /* ranks of the neighbours, or MPI_PROC_NULL */
  double *send_lo, *send_hi;   /* packed boundary rows */
} Halo;

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    MPI_Abort(MPI_COMM_WORLD, 3);
  return p;
}

static void csr_alloc(Csr *a, int nrows, int ncols, int nnz) {
  a->nrows = nrows;
  a->ncols = ncols;
  a->rowptr = xmalloc(sizeof(int) * (size_t)(nrows + 1));
  a->col = xmalloc(sizeof(int) * (size_t)nnz);
  a->val = xmalloc(sizeof(double) * (size_t)nnz);
}

static void csr_free(Csr *a) {
  free(a->rowptr);
  free(a->col);
  free(a->val);
}

/* Column of grid point (gi, gj), gi = -1 and gi = nx the ghost rows. */
static int grid_col(int nx, int gi, int gj) {
  if (gi < 0)
    return nx * nx + gj;
  if (gi >= nx)
    return nx * nx + nx + gj;
  return gi * nx + gj;
}

static void build_laplacian(Csr *a, const Halo *h) {
  int nx = h->nx;
  csr_alloc(a, nx * nx, nx * nx + 2 * nx, 9 * nx * nx);
  int k = 0;
  a->rowptr[0] = 0;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < nx; j++) {
      for (int di = -1; di <= 1; di++)
        for (int dj = -1; dj <= 1; dj++) {
          int gi = i + di, gj = j + dj;
          if (gj < 0 || gj >= nx)
            continue;
          if ((gi < 0 && h->below == MPI_PROC_NULL) ||
              (gi >= nx && h->above == MPI_PROC_NULL))
            continue;
          a->col[k] = grid_col(nx, gi, gj);
          a->val[k] = (di == 0 && dj == 0) ? 8.25 : -1.0;
          k++;
        }
      a->rowptr[i * nx + j + 1] = k;
    }
}

/* y[r] = sum_k A[r][k] x[k] for rows [r0, r1). */
static void spmv_rows(const Csr *a, const double *x, double *y, int r0,
                      int r1) {
  for (int r = r0; r < r1; r++) {
    double s = 0;
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++)
      s += a->val[k] * x[a->col[k]];
    y[r] = s;
  }
}

static void pack_row(const double *x, double *buf, int row, int nx) {
  for (int j = 0; j < nx; j++)
    buf[j] = x[row * nx + j];
}

/* y = A x, the ghost rows of x received meanwhile. */
static void spmv(const Csr *a, Halo *h, double *x, double *y) {
  int nx = h->nx, n = nx * nx;
  MPI_Request req[4];
  MPI_Irecv(x + n, nx, MPI_DOUBLE, h->below, 1, MPI_COMM_WORLD, &req[0]);
  MPI_Irecv(x + n + nx, nx, MPI_DOUBLE, h->above, 0, MPI_COMM_WORLD, &req[1]);
  pack_row(x, h->send_lo, 0, nx);
  pack_row(x, h->send_hi, nx - 1, nx);
  MPI_Isend(h->send_lo, nx, MPI_DOUBLE, h->below, 0, MPI_COMM_WORLD, &req[2]);
  MPI_Isend(h->send_hi, nx, MPI_DOUBLE, h->above, 1, MPI_COMM_WORLD, &req[3]);
  spmv_rows(a, x, y, nx, n - nx);
  MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
  spmv_rows(a, x, y, 0, nx);
  spmv_rows(a, x, y, n - nx, n);
}

/* l1-Jacobi: d[r] = 1 / sum_k |A[r][k]|. */
static void l1_diag(const Csr *a, double *d) {
  for (int r = 0; r < a->nrows; r++) {
    double s = 0;
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++)
      s += fabs(a->val[k]);
    d[r] = 1.0 / s;
  }
}

static double dot(const double *a, const double *b, int n) {
  double s = 0, g;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return g;
}

/* C = A * A over the owned columns of both (ghost columns dropped): the
 * symbolic pass counts each row's distinct columns with a marker array,
 * the numeric pass accumulates. */
static void spgemm_local(const Csr *a, Csr *c) {
  int n = a->nrows;
  int *marker = xmalloc(sizeof(int) * (size_t)n);
  for (int j = 0; j < n; j++)
    marker[j] = -1;
  int nnz = 0;
  for (int r = 0; r < n; r++)
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++) {
      int m = a->col[k];
      if (m >= n)
        continue;
      for (int l = a->rowptr[m]; l < a->rowptr[m + 1]; l++) {
        int j = a->col[l];
        if (j < n && marker[j] != r) {
          marker[j] = r;
          nnz++;
        }
      }
    }
  csr_alloc(c, n, n, nnz);
  for (int j = 0; j < n; j++)
    marker[j] = -1;
  int pos = 0;
  c->rowptr[0] = 0;
  for (int r = 0; r < n; r++) {
    int start = pos;
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++) {
      int m = a->col[k];
      if (m >= n)
        continue;
      double av = a->val[k];
      for (int l = a->rowptr[m]; l < a->rowptr[m + 1]; l++) {
        int j = a->col[l];
        if (j >= n)
          continue;
        if (marker[j] < start) {
          marker[j] = pos;
          c->col[pos] = j;
          c->val[pos] = av * a->val[l];
          pos++;
        } else {
          c->val[marker[j]] += av * a->val[l];
        }
      }
    }
    c->rowptr[r + 1] = pos;
  }
  free(marker);
}

/* T = A^T over the owned columns (a counting sort by column). */
static void transpose_local(const Csr *a, Csr *t) {
  int n = a->nrows, nnz = 0;
  for (int k = 0; k < a->rowptr[n]; k++)
    nnz += a->col[k] < n;
  csr_alloc(t, n, n, nnz);
  memset(t->rowptr, 0, sizeof(int) * (size_t)(n + 1));
  for (int k = 0; k < a->rowptr[n]; k++)
    if (a->col[k] < n)
      t->rowptr[a->col[k] + 1]++;
  for (int r = 0; r < n; r++)
    t->rowptr[r + 1] += t->rowptr[r];
  int *next = xmalloc(sizeof(int) * (size_t)n);
  memcpy(next, t->rowptr, sizeof(int) * (size_t)n);
  for (int r = 0; r < n; r++)
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++) {
      int j = a->col[k];
      if (j >= n)
        continue;
      int p = next[j]++;
      t->col[p] = r;
      t->val[p] = a->val[k];
    }
  free(next);
}

/* Whether B equals A restricted to its owned columns, entry by entry, in
 * any column order within a row (a dense row scatter per row). */
static long differs_from_local(const Csr *a, const Csr *b, double *row) {
  int n = a->nrows;
  long wrong = 0;
  for (int j = 0; j < n; j++)
    row[j] = 0;
  for (int r = 0; r < n; r++) {
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++)
      if (a->col[k] < n)
        row[a->col[k]] += a->val[k];
    for (int k = b->rowptr[r]; k < b->rowptr[r + 1]; k++)
      row[b->col[k]] -= b->val[k];
    for (int k = a->rowptr[r]; k < a->rowptr[r + 1]; k++)
      if (a->col[k] < n) {
        wrong += fabs(row[a->col[k]]) > 1e-12;
        row[a->col[k]] = 0;
      }
    for (int k = b->rowptr[r]; k < b->rowptr[r + 1]; k++) {
      wrong += fabs(row[b->col[k]]) > 1e-12;
      row[b->col[k]] = 0;
    }
  }
  return wrong;
}

/* (A*A) x against A (A x) on the owned rows whose stencil of stencils stays
 * owned (two grid rows in from each boundary), x with zero ghosts. */
static long check_products(const Csr *a, int nx, const double *x) {
  int n = nx * nx;
  Csr c, t, tt;
  spgemm_local(a, &c);
  transpose_local(a, &t);
  transpose_local(&t, &tt);
  double *xz = xmalloc(sizeof(double) * (size_t)a->ncols);
  double *ax = xmalloc(sizeof(double) * (size_t)a->ncols);
  double *aax = xmalloc(sizeof(double) * (size_t)n);
  double *cx = xmalloc(sizeof(double) * (size_t)n);
  memcpy(xz, x, sizeof(double) * (size_t)n);
  for (int j = n; j < a->ncols; j++)
    xz[j] = ax[j] = 0;
  spmv_rows(a, xz, ax, 0, n);
  spmv_rows(a, ax, aax, 0, n);
  spmv_rows(&c, xz, cx, 0, n);
  long wrong = 0;
  for (int r = 2 * nx; r < n - 2 * nx; r++)
    wrong += fabs(aax[r] - cx[r]) > 1e-9 * (1 + fabs(aax[r]));
  wrong += differs_from_local(a, &tt, aax);
  free(xz);
  free(ax);
  free(aax);
  free(cx);
  csr_free(&c);
  csr_free(&t);
  csr_free(&tt);
  return wrong;
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nx = argc > 1 ? atoi(argv[1]) : 256;
  int iters = argc > 2 ? atoi(argv[2]) : 200;
  if (nx < 6 || iters < 1) {
    if (rank == 0)
      fprintf(stderr, "csr_kernels: NX >= 6 and ITERS >= 1\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  Halo h = {nx,
            nx * nx,
            rank > 0 ? rank - 1 : MPI_PROC_NULL,
            rank + 1 < size ? rank + 1 : MPI_PROC_NULL,
            NULL,
            NULL};
  h.send_lo = xmalloc(sizeof(double) * (size_t)nx);
  h.send_hi = xmalloc(sizeof(double) * (size_t)nx);
  Csr a;
  build_laplacian(&a, &h);
  int n = nx * nx;
  double *x = xmalloc(sizeof(double) * (size_t)a.ncols);
  double *p = xmalloc(sizeof(double) * (size_t)a.ncols);
  double *r = xmalloc(sizeof(double) * (size_t)n);
  double *z = xmalloc(sizeof(double) * (size_t)n);
  double *ap = xmalloc(sizeof(double) * (size_t)n);
  double *d = xmalloc(sizeof(double) * (size_t)n);
  l1_diag(&a, d);
  for (int i = 0; i < a.ncols; i++)
    x[i] = p[i] = 0;
  for (int i = 0; i < n; i++) {
    uint64_t g = (uint64_t)rank * (uint64_t)n + (uint64_t)i;
    r[i] = (double)((g * 2654435761u) % 1000) / 1000.0 - 0.5; /* b - A 0 */
    z[i] = d[i] * r[i];
    p[i] = z[i];
  }
  double rz = dot(r, z, n), r0 = dot(r, r, n);
  long errors = 0;
  for (int it = 0; it < iters; it++) {
    spmv(&a, &h, p, ap);
    double alpha = rz / dot(p, ap, n);
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
      z[i] = d[i] * r[i];
    }
    double rz_new = dot(r, z, n);
    if (rz_new == 0)
      break; /* converged to the last bit (the same on every rank) */
    for (int i = 0; i < n; i++)
      p[i] = z[i] + (rz_new / rz) * p[i];
    rz = rz_new;
    if (iters >= 4 && it % (iters / 4) == 0)
      errors += check_products(&a, nx, x);
  }
  double rr = dot(r, r, n), sx = 0, all_sx;
  for (int i = 0; i < n; i++)
    sx += x[i];
  MPI_Allreduce(&sx, &all_sx, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  long all_errors;
  MPI_Allreduce(&errors, &all_errors, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (iters >= 100 && !(rr < 1e-6 * r0))
    all_errors++;
  if (rank == 0) {
    uint64_t b1, b2;
    memcpy(&b1, &rr, sizeof b1);
    memcpy(&b2, &all_sx, sizeof b2);
    printf("checksum: %016llx %016llx %ld\n", (unsigned long long)b1,
           (unsigned long long)b2, all_errors);
  }
  free(x);
  free(p);
  free(r);
  free(z);
  free(ap);
  free(d);
  free(h.send_lo);
  free(h.send_hi);
  csr_free(&a);
  MPI_Finalize();
  return all_errors ? 1 : 0;
}
