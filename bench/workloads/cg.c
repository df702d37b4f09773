/* cg: conjugate gradient on the 7-point 3-D Laplacian in CSR form.
 *
 * Models the solver of HPCG / miniFE / NPB CG: the matrix rows (grid points)
 * are partitioned in 1-D by z-planes; the vector p lives in an extended array
 * [ghost plane below | owned planes | ghost plane above]. Each SpMV posts
 * MPI_Irecv into the ghost planes and MPI_Isend of the first and last owned
 * planes (straight out of p: no packing), multiplies the interior rows while
 * the messages are in flight (reading p, including the planes being sent,
 * which MPI allows), then MPI_Waitall and the two boundary planes. Dot
 * products are local sums followed by MPI_Allreduce. Missing neighbours at
 * the ends of the domain are MPI_PROC_NULL.
 *
 *   cg [N [ITERS]]   grid N x N x (N*ranks) (default N=96), ITERS CG
 *                    iterations (default 600, no early exit)
 *
 * Output: "checksum: <final |r|^2> <sum of x>". */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int64_t nrows;
  int64_t *rowptr;
  int32_t *col; /* index into the extended vector */
  double *val;
} CSR;

static double dot(const double *a, const double *b, int64_t n, MPI_Comm comm) {
  double s = 0, g;
  for (int64_t i = 0; i < n; i++) s += a[i] * b[i];
  MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, comm);
  return g;
}

static void spmv_rows(const CSR *A, const double *xe, double *y, int64_t r0,
                      int64_t r1) {
  for (int64_t r = r0; r < r1; r++) {
    double s = 0;
    for (int64_t e = A->rowptr[r]; e < A->rowptr[r + 1]; e++)
      s += A->val[e] * xe[A->col[e]];
    y[r] = s;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = argc > 1 ? atoi(argv[1]) : 96;
  int iters = argc > 2 ? atoi(argv[2]) : 600;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int nx = n, ny = n, nzl = n, nzg = n * size;
  const int64_t plane = (int64_t)nx * ny, nloc = plane * nzl;
  const int below = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int above = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  /* Assemble: extended index of owned point (x, y, zl) is plane*(zl+1)+... */
  CSR A;
  A.nrows = nloc;
  A.rowptr = malloc((nloc + 1) * sizeof(int64_t));
  A.col = malloc(nloc * 7 * sizeof(int32_t));
  A.val = malloc(nloc * 7 * sizeof(double));
  int64_t nnz = 0;
  for (int z = 0; z < nzl; z++) {
    int gz = rank * nzl + z;
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        int64_t r = plane * z + (int64_t)nx * y + x;
        int64_t ce = r + plane; /* position in the extended vector */
        A.rowptr[r] = nnz;
        /* Columns in increasing order. */
        if (gz > 0) { A.col[nnz] = (int32_t)(ce - plane); A.val[nnz++] = -1; }
        if (y > 0) { A.col[nnz] = (int32_t)(ce - nx); A.val[nnz++] = -1; }
        if (x > 0) { A.col[nnz] = (int32_t)(ce - 1); A.val[nnz++] = -1; }
        A.col[nnz] = (int32_t)ce; A.val[nnz++] = 6.0;
        if (x < nx - 1) { A.col[nnz] = (int32_t)(ce + 1); A.val[nnz++] = -1; }
        if (y < ny - 1) { A.col[nnz] = (int32_t)(ce + nx); A.val[nnz++] = -1; }
        if (gz < nzg - 1) { A.col[nnz] = (int32_t)(ce + plane); A.val[nnz++] = -1; }
      }
  }
  A.rowptr[nloc] = nnz;

  double *x = calloc(nloc, sizeof(double));
  double *b = malloc(nloc * sizeof(double));
  double *r = malloc(nloc * sizeof(double));
  double *pe = calloc(nloc + 2 * plane, sizeof(double)); /* extended p */
  double *p = pe + plane;
  double *Ap = malloc(nloc * sizeof(double));
  for (int64_t i = 0; i < nloc; i++) {
    int64_t g = (int64_t)rank * nloc + i;
    b[i] = 1.0 + (double)(g % 17) / 17.0;
    r[i] = b[i]; /* x = 0 */
    p[i] = r[i];
  }
  double rr = dot(r, r, nloc, MPI_COMM_WORLD);

  /* Rows whose columns stay inside the owned planes. */
  const int64_t first_interior = plane, last_interior = nloc - plane;
  MPI_Request req[4];
  for (int it = 0; it < iters; it++) {
    MPI_Irecv(pe, (int)plane, MPI_DOUBLE, below, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(p + nloc, (int)plane, MPI_DOUBLE, above, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(p, (int)plane, MPI_DOUBLE, below, 0, MPI_COMM_WORLD, &req[2]);
    MPI_Isend(p + nloc - plane, (int)plane, MPI_DOUBLE, above, 1, MPI_COMM_WORLD,
              &req[3]);
    spmv_rows(&A, pe, Ap, first_interior, last_interior);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    spmv_rows(&A, pe, Ap, 0, first_interior);
    spmv_rows(&A, pe, Ap, last_interior, nloc);

    double pAp = dot(p, Ap, nloc, MPI_COMM_WORLD);
    double alpha = rr / pAp;
    for (int64_t i = 0; i < nloc; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * Ap[i];
    }
    double rr_new = dot(r, r, nloc, MPI_COMM_WORLD);
    double beta = rr_new / rr;
    rr = rr_new;
    for (int64_t i = 0; i < nloc; i++) p[i] = r[i] + beta * p[i];
  }

  double sx = 0, gsx;
  for (int64_t i = 0; i < nloc; i++) sx += x[i];
  MPI_Allreduce(&sx, &gsx, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("checksum: %.17g %.17g\n", rr, gsx);
  free(A.rowptr); free(A.col); free(A.val);
  free(x); free(b); free(r); free(pe); free(Ap);
  MPI_Finalize();
  return 0;
}
