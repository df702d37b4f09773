/* threads_p2p: MPI_THREAD_MULTIPLE halo-style exchange from several threads
 * per rank.
 *
 * Models hybrid codes whose threads each exchange their own part of the
 * domain: T threads per rank (pthreads), thread t of a rank pairs with
 * thread t of the next and previous rank (tag t), and each round every
 * thread posts MPI_Irecv from both neighbours and MPI_Isend to both,
 * relaxes its interior while they are in flight, waits (MPI_Waitall), then
 * folds the received halos into its interior. The threads never
 * synchronize with one another between MPI_Init_thread and the joins.
 *
 *   threads_p2p [ROUNDS [N [T]]]   ROUNDS rounds (default 20000) of halos of
 *                                  N doubles (default 64), T threads per
 *                                  rank (default 4)
 *
 * Verification: every received halo holds exactly what its sender wrote for
 * that round (counted). Output: "checksum: <rounds> <hash of the interiors>
 * <verification failures>"; the exit code is 1 on a failure. */
#include <mpi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, nranks, rounds, n;

struct Part {
  int t;
  double *interior, *halo_lo, *halo_hi, *out_lo, *out_hi;
  long failures;
};

static double value(int from, int t, int r, int i, int side) {
  return from * 1e6 + t * 1e4 + (r % 97) * 10.0 + side + i * 1e-3;
}

static void *run_part(void *arg) {
  struct Part *p = arg;
  int next = (rank + 1) % nranks, prev = (rank + nranks - 1) % nranks;
  for (int r = 0; r < rounds; r++) {
    MPI_Request req[4];
    for (int i = 0; i < n; i++) {
      p->out_lo[i] = value(rank, p->t, r, i, 0);
      p->out_hi[i] = value(rank, p->t, r, i, 1);
    }
    MPI_Irecv(p->halo_lo, n, MPI_DOUBLE, prev, p->t, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(p->halo_hi, n, MPI_DOUBLE, next, p->t, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(p->out_hi, n, MPI_DOUBLE, next, p->t, MPI_COMM_WORLD, &req[2]);
    MPI_Isend(p->out_lo, n, MPI_DOUBLE, prev, p->t, MPI_COMM_WORLD, &req[3]);
    for (int i = 1; i < n - 1; i++) /* interior work while in flight */
      p->interior[i] = 0.5 * p->interior[i] +
                       0.25 * (p->interior[i - 1] + p->interior[i + 1]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < n; i++) {
      /* prev sent its high side, next its low side */
      p->failures += p->halo_lo[i] != value(prev, p->t, r, i, 1);
      p->failures += p->halo_hi[i] != value(next, p->t, r, i, 0);
      p->interior[i] += 1e-9 * (p->halo_lo[i] - p->halo_hi[i]);
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  rounds = argc > 1 ? atoi(argv[1]) : 20000;
  n = argc > 2 ? atoi(argv[2]) : 64;
  int nthreads = argc > 3 ? atoi(argv[3]) : 4;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (provided < MPI_THREAD_MULTIPLE || n < 3 || nthreads < 1) {
    if (rank == 0)
      printf("needs MPI_THREAD_MULTIPLE, N >= 3, T >= 1\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  struct Part *parts = calloc(nthreads, sizeof(struct Part));
  pthread_t *threads = malloc(sizeof(pthread_t) * nthreads);
  for (int t = 0; t < nthreads; t++) {
    struct Part *p = &parts[t];
    p->t = t;
    p->interior = malloc(sizeof(double) * n);
    p->halo_lo = malloc(sizeof(double) * n);
    p->halo_hi = malloc(sizeof(double) * n);
    p->out_lo = malloc(sizeof(double) * n);
    p->out_hi = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
      p->interior[i] = rank + t + i * 0.01;
    pthread_create(&threads[t], NULL, run_part, p);
  }
  long failures = 0;
  uint64_t hash = 0;
  for (int t = 0; t < nthreads; t++) {
    pthread_join(threads[t], NULL);
    failures += parts[t].failures;
    for (int i = 0; i < n; i++)
      hash = hash * 1099511628211ull ^ (uint64_t)(parts[t].interior[i] * 1e6);
  }
  long all_failures = 0;
  uint64_t all_hash = 0;
  MPI_Reduce(&failures, &all_failures, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&hash, &all_hash, 1, MPI_UINT64_T, MPI_BXOR, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("checksum: %d %llu %ld\n", rounds, (unsigned long long)all_hash,
           all_failures);
  MPI_Finalize();
  return all_failures != 0;
}
