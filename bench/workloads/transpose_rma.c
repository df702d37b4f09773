/* transpose_rma: tiled matrix transpose with MPI_Put in fence epochs.
 *
 * Models the one-sided variant of the Parallel Research Kernels' transpose
 * and of FFT/matrix codes that move tiles with RMA: an N x N matrix of
 * doubles is split by rows (N / ranks rows each). Every iteration opens a
 * fence epoch, transposes each TILE x TILE tile of the rank's rows into a
 * staging buffer (one staging slot per tile, so no origin buffer is reused
 * inside the epoch) and MPI_Puts it into the window of the rank that owns
 * the tile's transposed rows (itself included), and closes the epoch. Between
 * the fences every rank then reads and writes its window memory in tight
 * loops (B += W, W cleared, A += 1, as in the PRK's B += A^T; A += 1), which
 * is the pattern that made real transpose codes expensive under MPISync:
 * every load and store of the window between fences. Tile loops mix long
 * and int indices on purpose (int rows, long offsets), like the codes that
 * crashed the pass.
 *
 *   transpose_rma [N [TILE [ITERS]]]  N a multiple of ranks * TILE
 *                                     (defaults 2048, 32, 40)
 *
 * Output: "checksum: <hex of the sum of B> <errors>": B is checked element
 * by element against its closed form; exits 1 on any error. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long n = argc > 1 ? atol(argv[1]) : 2048;
  const int tile = argc > 2 ? atoi(argv[2]) : 32;
  const int iters = argc > 3 ? atoi(argv[3]) : 40;
  if (tile <= 0 || n % ((long)size * tile) != 0) {
    if (rank == 0)
      fprintf(stderr, "transpose_rma: N must be a multiple of ranks * TILE\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int rows = (int)(n / size); /* rows of A (and of B, W) per rank */
  const size_t cells = (size_t)rows * (size_t)n;

  double *a = malloc(cells * sizeof(double));
  double *b = malloc(cells * sizeof(double));
  double *stage = malloc(cells * sizeof(double));
  double *w;
  MPI_Alloc_mem((MPI_Aint)(cells * sizeof(double)), MPI_INFO_NULL, &w);
  if (!a || !b || !stage)
    MPI_Abort(MPI_COMM_WORLD, 3);
  const long row0 = (long)rank * rows; /* first global row owned */
  for (int i = 0; i < rows; i++)
    for (long j = 0; j < n; j++) {
      a[(size_t)i * n + j] = (double)((row0 + i) * n + j);
      b[(size_t)i * n + j] = 0.0;
      w[(size_t)i * n + j] = 0.0;
    }
  MPI_Win win;
  MPI_Win_create(w, (MPI_Aint)(cells * sizeof(double)), sizeof(double),
                 MPI_INFO_NULL, MPI_COMM_WORLD, &win);

  for (int it = 0; it < iters; it++) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    /* Tile (ti, tj) of the rank's rows holds A[row0+ti.., tj..]; transposed
     * it is rows tj.. of B, owned by rank tj / rows, at local row
     * tj % rows, column row0 + ti. */
    size_t slot = 0;
    for (int ti = 0; ti < rows; ti += tile)
      for (long tj = 0; tj < n; tj += tile, slot += (size_t)tile * tile) {
        double *t = stage + slot;
        for (int r = 0; r < tile; r++)
          for (int c = 0; c < tile; c++)
            t[(size_t)c * tile + r] = a[(size_t)(ti + r) * n + tj + c];
        const int target = (int)(tj / rows);
        const long trow = tj % rows;
        MPI_Datatype block;
        MPI_Type_vector(tile, tile, (int)n, MPI_DOUBLE, &block);
        MPI_Type_commit(&block);
        MPI_Put(t, tile * tile, MPI_DOUBLE, target,
                (MPI_Aint)(trow * n + row0 + ti), 1, block, win);
        MPI_Type_free(&block);
      }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    /* Window memory read and written between the epochs, tile by tile. */
    for (int ti = 0; ti < rows; ti += tile)
      for (long tj = 0; tj < n; tj += tile)
        for (int r = ti; r < ti + tile; r++)
          for (long c = tj; c < tj + tile; c++) {
            b[r * n + c] += w[r * n + c];
            w[r * n + c] = 0.0;
          }
    for (size_t k = 0; k < cells; k++)
      a[k] += 1.0;
  }

  /* B[i][j] = sum over it of A_it[j][i] = iters * (j*n + i) + iters(iters-1)/2
   * with i the global row of B. */
  long errors = 0;
  double sum = 0.0;
  const double tri = (double)iters * (iters - 1) / 2.0;
  for (int i = 0; i < rows; i++)
    for (long j = 0; j < n; j++) {
      const double want = (double)iters * (double)(j * n + row0 + i) + tri;
      const double got = b[(size_t)i * n + j];
      if (got != want)
        errors++;
      sum += got;
    }
  double total;
  long all_errors;
  MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&errors, &all_errors, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    uint64_t bits;
    memcpy(&bits, &total, sizeof bits);
    printf("checksum: %016llx %ld\n", (unsigned long long)bits, all_errors);
  }
  MPI_Win_free(&win);
  MPI_Free_mem(w);
  free(a);
  free(b);
  free(stage);
  MPI_Finalize();
  return all_errors ? 1 : 0;
}
