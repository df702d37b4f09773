/* fft_transpose: 2-D complex FFT by rows, global transpose, rows again.
 *
 * Models the transpose-based parallel FFT of NPB FT, FFTW-MPI and spectral
 * codes: an N x N complex array is distributed by rows (N/P rows per rank).
 * A 2-D FFT is an in-place radix-2 FFT of every local row, a global
 * transpose (pack P blocks of (N/P) x (N/P), MPI_Alltoall, transpose each
 * received block locally), and a second round of row FFTs. Each iteration
 * runs a forward and an inverse 2-D FFT (the data comes back transposed
 * twice, i.e. in place) and scales by 1/N^2, then perturbs the data slightly
 * so the next iteration has work to do.
 *
 *   fft_transpose [LOGN [ITERS]]   N = 2^LOGN (default 11), ITERS forward +
 *                                  inverse pairs (default 26)
 *
 * Output: "checksum: <sum re> <sum im> <sum |spectrum|^2 of the last
 * forward transform>". */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double re, im;
} cplx;

static int N, LOGN;
static cplx *twiddle; /* exp(-2 pi i k / N), k < N/2 */
static int *bitrev;

static void fft_row(cplx *a, int inverse) {
  for (int i = 0; i < N; i++) {
    int j = bitrev[i];
    if (i < j) {
      cplx t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
  for (int len = 2; len <= N; len <<= 1) {
    int half = len >> 1, step = N / len;
    for (int s = 0; s < N; s += len)
      for (int k = 0; k < half; k++) {
        cplx w = twiddle[k * step];
        if (inverse) w.im = -w.im;
        cplx *x = &a[s + k], *y = &a[s + k + half];
        double tr = w.re * y->re - w.im * y->im;
        double ti = w.re * y->im + w.im * y->re;
        y->re = x->re - tr;
        y->im = x->im - ti;
        x->re += tr;
        x->im += ti;
      }
  }
}

/* data: rows x N local rows; after the call, it holds the local rows of the
 * transposed global array. */
static void transpose(cplx *data, cplx *sbuf, cplx *rbuf, int rows, int size,
                      MPI_Datatype blocktype) {
  /* Block p = columns [p*rows, (p+1)*rows) of my rows, row-major. */
  for (int p = 0; p < size; p++) {
    cplx *blk = sbuf + (size_t)p * rows * rows;
    for (int r = 0; r < rows; r++)
      memcpy(blk + (size_t)r * rows, data + (size_t)r * N + (size_t)p * rows,
             rows * sizeof(cplx));
  }
  MPI_Alltoall(sbuf, 1, blocktype, rbuf, 1, blocktype, MPI_COMM_WORLD);
  /* Block from rank p: its rows (global rows p*rows..) restricted to my
   * columns; element (r, c) goes to my row c, column p*rows + r. */
  for (int p = 0; p < size; p++) {
    const cplx *blk = rbuf + (size_t)p * rows * rows;
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < rows; c++)
        data[(size_t)c * N + (size_t)p * rows + r] = blk[(size_t)r * rows + c];
  }
}

static void fft2d(cplx *data, cplx *sbuf, cplx *rbuf, int rows, int size,
                  MPI_Datatype blocktype, int inverse) {
  for (int r = 0; r < rows; r++) fft_row(data + (size_t)r * N, inverse);
  transpose(data, sbuf, rbuf, rows, size, blocktype);
  for (int r = 0; r < rows; r++) fft_row(data + (size_t)r * N, inverse);
  transpose(data, sbuf, rbuf, rows, size, blocktype);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  LOGN = argc > 1 ? atoi(argv[1]) : 11;
  int iters = argc > 2 ? atoi(argv[2]) : 26;
  N = 1 << LOGN;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (N % size) {
    if (rank == 0) fprintf(stderr, "fft_transpose: ranks must divide N\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int rows = N / size;
  const size_t nloc = (size_t)rows * N;

  twiddle = malloc((N / 2) * sizeof(cplx));
  for (int k = 0; k < N / 2; k++) {
    twiddle[k].re = cos(-2.0 * M_PI * k / N);
    twiddle[k].im = sin(-2.0 * M_PI * k / N);
  }
  bitrev = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) {
    int r = 0;
    for (int b = 0; b < LOGN; b++) r |= ((i >> b) & 1) << (LOGN - 1 - b);
    bitrev[i] = r;
  }

  cplx *data = malloc(nloc * sizeof(cplx));
  cplx *sbuf = malloc(nloc * sizeof(cplx));
  cplx *rbuf = malloc(nloc * sizeof(cplx));
  MPI_Datatype blocktype;
  MPI_Type_contiguous(2 * rows * rows, MPI_DOUBLE, &blocktype);
  MPI_Type_commit(&blocktype);

  uint64_t seed = 271828183ULL + (uint64_t)rank * 7919ULL;
  for (size_t i = 0; i < nloc; i++) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    data[i].re = (double)(seed >> 40) / (double)(1 << 24) - 0.5;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    data[i].im = (double)(seed >> 40) / (double)(1 << 24) - 0.5;
  }

  const double scale = 1.0 / ((double)N * (double)N);
  double energy = 0;
  for (int it = 0; it < iters; it++) {
    fft2d(data, sbuf, rbuf, rows, size, blocktype, 0);
    double e = 0;
    for (size_t i = 0; i < nloc; i++) e += data[i].re * data[i].re + data[i].im * data[i].im;
    MPI_Allreduce(&e, &energy, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    /* Damp the high frequencies a little, as a spectral solver's time step
     * would (element (r, c) of my rows; global row rank*rows + r). */
    for (int r = 0; r < rows; r++) {
      int gr = rank * rows + r, fr = gr < N / 2 ? gr : N - gr;
      for (int c = 0; c < N; c++) {
        int fc = c < N / 2 ? c : N - c;
        double d = 1.0 / (1.0 + 1e-7 * (double)(fr * fr + fc * fc));
        data[(size_t)r * N + c].re *= d;
        data[(size_t)r * N + c].im *= d;
      }
    }
    fft2d(data, sbuf, rbuf, rows, size, blocktype, 1);
    for (size_t i = 0; i < nloc; i++) {
      data[i].re *= scale;
      data[i].im *= scale;
    }
  }

  double local[2] = {0, 0}, global[2];
  for (size_t i = 0; i < nloc; i++) {
    local[0] += data[i].re;
    local[1] += data[i].im;
  }
  MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("checksum: %.17g %.17g %.17g\n", global[0], global[1], energy);
  MPI_Type_free(&blocktype);
  free(data); free(sbuf); free(rbuf); free(twiddle); free(bitrev);
  MPI_Finalize();
  return 0;
}
