// A tiled matrix transpose with int, long and unsigned loop indices (the
// shape of a public transpose kernel that crashed clang in the pass's nest
// lifting): the inner loop reads a row of a tile of `in` (rows with gaps
// between them) and the vector `scale` (the same range in every row) and
// writes a column of `out`. Rank 0 runs it with a receive pending into one
// element of `in` (-DREAD) or of `out` (-DWRITE): the access is reported at
// the kernel's line, with the MPI_Irecv's; a read of `in` is reported
// again in weighted_rows. Twin (-DFIXED): the receives go
// into the padding after both matrices, which the kernel never touches, and
// `scale` is a pending send buffer, which it only reads: no report.
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DREAD %s -o %t.read
// RUN: not %mpiexec -n 2 %t.read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DWRITE %s -o %t.write
// RUN: not %mpiexec -n 2 %t.write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DREAD %s -o %t.read1
// RUN: not %mpiexec -n 2 %t.read1 2>&1 | FileCheck %s --check-prefix=READ
#include <mpi.h>
#include <stdio.h>

#define N 64
#define TILE 16
#define PAD 8

static double in[N * N + PAD], out[N * N + PAD], scale[N];

__attribute__((noinline)) void transpose(double *restrict dst,
                                         const double *restrict src,
                                         const double *restrict w, long n,
                                         int tiles) {
  for (int it = 0; it < tiles; it++)
    for (long jt = 0; jt < tiles; jt++)
      for (unsigned i = it * TILE; i < (unsigned)(it + 1) * TILE; i++)
        for (long j = jt * TILE; j < (jt + 1) * TILE; j++)
          dst[j * n + i] = src[i * n + j] * w[j]; // KERNEL
}

// The inner elements of every row of `src` weighted by `w`: the same two
// kinds of run (rows with gaps, one range in every row), untiled.
__attribute__((noinline)) double weighted_rows(const double *src,
                                               const double *w, long n,
                                               int rows) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (long j = 1; j < n - 1; j++)
      s += w[j] * src[i * n + j]; // ROWS
  return s;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < N * N; i++)
      in[i] = i % 7;
    for (int j = 0; j < N; j++)
      scale[j] = 1.0 + j % 3;
    MPI_Request req[2];
    MPI_Isend(scale, N, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &req[1]);
#if defined(READ)
    MPI_Irecv(&in[37 * N + 21], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]); // IRECV_READ
#elif defined(WRITE)
    MPI_Irecv(&out[21 * N + 37], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]); // IRECV_WRITE
#else
    MPI_Irecv(&out[N * N + 1], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req[0]);
#endif
    transpose(out, in, scale, N, N / TILE);
    double sum = weighted_rows(in, scale, N, N);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < N * N; i++)
      sum += out[i];
    printf("sum %.1f\n", sum);
  } else {
    double value = 5.0, got[N];
    MPI_Recv(got, N, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&value, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
// OK: sum {{[0-9.]+}}
// READ: ERROR: MPISync: recv-buffer-access on rank 0
// READ-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// READ-NEXT: #0 {{.*}} in transpose {{.*}}hoist_transpose_mixed_index.c:36
// READ: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// READ-NEXT: #0 {{.*}} in main {{.*}}hoist_transpose_mixed_index.c:63
// READ: SUMMARY: MPISync: recv-buffer-access {{.*}}hoist_transpose_mixed_index.c:36{{.*}} in transpose; MPI_Irecv at {{.*}}hoist_transpose_mixed_index.c:63
// READ: ERROR: MPISync: recv-buffer-access on rank 0
// READ-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// READ-NEXT: #0 {{.*}} in weighted_rows {{.*}}hoist_transpose_mixed_index.c:47
// WRITE: ERROR: MPISync: recv-buffer-access on rank 0
// WRITE-NEXT: WRITE of size {{[0-9]+}} at {{.*}} by rank 0
// WRITE-NEXT: #0 {{.*}} in transpose {{.*}}hoist_transpose_mixed_index.c:36
// WRITE: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// WRITE-NEXT: #0 {{.*}} in main {{.*}}hoist_transpose_mixed_index.c:65
