/* The scaling guard's cost before any problem occurs (docs/performance.md):
 * a loop of MPI_Gatherv (detector D scans the root's displacements and the
 * processes agree on the verdict) and a loop of MPI_Gather (detectors G and
 * X compare sizes with the bounds file), each of ITERS calls of BYTES bytes
 * per process. Prints microseconds per call of each loop (rank 0), in CPU
 * time of the process (less sensitive than wall time to other load on the
 * machine; with one process nothing waits, so it is the software path).
 *   mpiexec -n 2 ./collective_loop [ITERS] [BYTES] [gatherv|gather|both] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iters = argc > 1 ? atoi(argv[1]) : 20000;
  int bytes = argc > 2 ? atoi(argv[2]) : 1024;
  const char *which = argc > 3 ? argv[3] : "both";
  int do_v = strcmp(which, "gather") != 0, do_g = strcmp(which, "gatherv") != 0;
  char *mine = calloc(bytes, 1), *all = calloc((size_t)bytes * size, 1);
  int *counts = malloc(sizeof(int) * size),
      *displs = malloc(sizeof(int) * size);
  for (int i = 0; i < size; i++) {
    counts[i] = bytes;
    displs[i] = i * bytes;
  }
  for (int i = 0; i < 100; i++) /* warm up */
    MPI_Gatherv(mine, bytes, MPI_CHAR, all, counts, displs, MPI_CHAR, 0,
                MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = cpu_seconds();
  for (int i = 0; do_v && i < iters; i++) {
    mine[0] = (char)i;
    MPI_Gatherv(mine, bytes, MPI_CHAR, all, counts, displs, MPI_CHAR, 0,
                MPI_COMM_WORLD);
  }
  double t1 = cpu_seconds();
  for (int i = 0; do_g && i < iters; i++) {
    mine[0] = (char)i;
    MPI_Gather(mine, bytes, MPI_CHAR, all, bytes, MPI_CHAR, 0, MPI_COMM_WORLD);
  }
  double t2 = cpu_seconds();
  if (rank == 0)
    printf("gatherv_us %.3f gather_us %.3f check %d\n", (t1 - t0) / iters * 1e6,
           (t2 - t1) / iters * 1e6, all[(size_t)bytes * (size - 1)]);
  free(mine);
  free(all);
  free(counts);
  free(displs);
  MPI_Finalize();
  return 0;
}
