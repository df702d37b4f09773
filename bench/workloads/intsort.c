/* intsort: parallel integer bucket sort in the style of NPB IS.
 *
 * Every rank generates its keys (a fixed linear congruential generator, a
 * per-rank seed); each iteration changes two keys (as NPB IS does), counts
 * keys per destination rank (key ranges), exchanges the counts with
 * MPI_Alltoall, packs the keys by destination, exchanges them with
 * MPI_Alltoallv, ranks the received keys with a local counting sort and
 * verifies the result: locally non-decreasing, the boundary against the next
 * rank (MPI_Sendrecv), and the global key count (MPI_Allreduce).
 *
 *   intsort [LOGKEYS [ITERS]]   2^LOGKEYS keys per rank (default 24) in
 *                               [0, 2^(LOGKEYS-4)*ranks), ITERS iterations
 *                               (default 16)
 *
 * Output: "checksum: <hash of the sorted keys> <verification failures>". */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t lcg_next(uint64_t *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return *s >> 33;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int logkeys = argc > 1 ? atoi(argv[1]) : 24;
  int iters = argc > 2 ? atoi(argv[2]) : 16;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t nkeys = (int64_t)1 << logkeys;
  const int64_t range_per_rank = (int64_t)1 << (logkeys - 4);
  const int64_t maxkey = range_per_rank * size;

  int32_t *keys = malloc(nkeys * sizeof(int32_t));
  int32_t *sendkeys = malloc(nkeys * sizeof(int32_t));
  /* Received keys: at most all keys of all ranks, sized for the skew. */
  int64_t recv_cap = nkeys * 2;
  int32_t *recvkeys = malloc(recv_cap * sizeof(int32_t));
  int32_t *sorted = malloc(recv_cap * sizeof(int32_t));
  int64_t *hist = malloc(range_per_rank * sizeof(int64_t));
  int *scount = malloc(size * sizeof(int)), *rcount = malloc(size * sizeof(int));
  int *sdispl = malloc(size * sizeof(int)), *rdispl = malloc(size * sizeof(int));
  int *fill = malloc(size * sizeof(int));

  /* Sum of 4 uniforms: the bell-shaped key distribution of NPB IS. */
  uint64_t seed = 314159265ULL + 1000003ULL * (uint64_t)rank;
  for (int64_t i = 0; i < nkeys; i++) {
    uint64_t s = 0;
    for (int k = 0; k < 4; k++) s += lcg_next(&seed) % (uint64_t)maxkey;
    keys[i] = (int32_t)(s / 4);
  }

  uint64_t hash = 0;
  long failures = 0;
  for (int it = 1; it <= iters; it++) {
    keys[it] = (int32_t)(it % maxkey);
    keys[it + iters] = (int32_t)(maxkey - 1 - it % maxkey);

    memset(scount, 0, size * sizeof(int));
    for (int64_t i = 0; i < nkeys; i++) scount[keys[i] / range_per_rank]++;
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
    sdispl[0] = rdispl[0] = 0;
    for (int p = 1; p < size; p++) {
      sdispl[p] = sdispl[p - 1] + scount[p - 1];
      rdispl[p] = rdispl[p - 1] + rcount[p - 1];
    }
    int64_t nrecv = (int64_t)rdispl[size - 1] + rcount[size - 1];
    if (nrecv > recv_cap) {
      fprintf(stderr, "intsort: rank %d receives %lld keys, more than %lld\n",
              rank, (long long)nrecv, (long long)recv_cap);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memcpy(fill, sdispl, size * sizeof(int));
    for (int64_t i = 0; i < nkeys; i++) {
      int32_t k = keys[i];
      sendkeys[fill[k / range_per_rank]++] = k;
    }
    MPI_Alltoallv(sendkeys, scount, sdispl, MPI_INT, recvkeys, rcount, rdispl,
                  MPI_INT, MPI_COMM_WORLD);

    /* Local counting sort of keys in [lo, lo + range_per_rank). */
    const int32_t lo = (int32_t)(rank * range_per_rank);
    memset(hist, 0, range_per_rank * sizeof(int64_t));
    for (int64_t i = 0; i < nrecv; i++) hist[recvkeys[i] - lo]++;
    int64_t pos = 0;
    for (int64_t v = 0; v < range_per_rank; v++) {
      int64_t c = hist[v];
      hist[v] = pos; /* rank of the first key equal to lo + v */
      pos += c;
    }
    for (int64_t i = 0; i < nrecv; i++) sorted[hist[recvkeys[i] - lo]++] = recvkeys[i];

    /* Verify. */
    long bad = 0;
    for (int64_t i = 1; i < nrecv; i++) bad += sorted[i - 1] > sorted[i];
    int32_t mine[2] = {nrecv ? sorted[0] : INT32_MAX, nrecv ? sorted[nrecv - 1] : -1};
    int32_t prev_last = -1;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    MPI_Sendrecv(&mine[1], 1, MPI_INT32_T, right, 7, &prev_last, 1, MPI_INT32_T,
                 left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank > 0 && nrecv && prev_last > mine[0]) bad++;
    long long counts[2] = {nrecv, bad}, gcounts[2];
    MPI_Allreduce(counts, gcounts, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (gcounts[0] != nkeys * size) bad++, gcounts[1]++;
    failures += gcounts[1];

    /* Hash: position-weighted, exact integer arithmetic. */
    uint64_t h = 0;
    for (int64_t i = 0; i < nrecv; i += 61)
      h = h * 1099511628211ULL + (uint64_t)sorted[i] * (uint64_t)(i + 1);
    uint64_t gh;
    MPI_Allreduce(&h, &gh, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    hash = hash * 31 + gh;
  }

  if (rank == 0)
    printf("checksum: %016llx %ld\n", (unsigned long long)hash, failures);
  free(keys); free(sendkeys); free(recvkeys); free(sorted); free(hist);
  free(scount); free(rcount); free(sdispl); free(rdispl); free(fill);
  MPI_Finalize();
  return failures != 0;
}
