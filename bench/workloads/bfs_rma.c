/* bfs_rma: level-synchronous breadth-first search with one small one-sided
 * operation per edge.
 *
 * Models Graph500-style BFS codes written with MPI-3 RMA, whose fence epochs
 * hold one MPI_Get or MPI_Accumulate per edge of the frontier: about 10^5
 * operations pending at once per epoch, each a few bytes. The directed graph
 * has NV vertices per rank, split by blocks; vertex u has 1 + h(u) % (2 DEG)
 * out-edges to pseudo-random vertices (a hash of u and the edge number, so
 * every rank can regenerate any vertex's edges). Per level:
 *   epoch 1 (window `level`): MPI_Get of the level of every neighbour of
 *     every frontier vertex, one 4-byte Get per edge into its own slot;
 *   epoch 2 (window `cand`): for every neighbour found unvisited, an
 *     MPI_Accumulate with MPI_MIN of the frontier vertex's global number into
 *     the neighbour's candidate parent, one 4-byte Accumulate per edge from
 *     its own origin slot;
 * then each rank adopts the smallest candidate parent of each newly reached
 * vertex (deterministic), and the next frontier is what it reached.
 *
 *   bfs_rma [NV [DEG [ROOTS]]]   NV vertices per rank (default 65536),
 *                                average out-degree about DEG (default 8),
 *                                ROOTS searches from different roots
 *                                (default 4)
 *
 * Verification: every reached vertex but the root has a parent whose edge
 * list (regenerated) contains it, and the parent's level is one less (read
 * with one more Get epoch). Output: "checksum: <reached> <sum of levels>
 * <hash of parents> <verification failures>"; the exit code is 1 if any
 * parent is wrong. */
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int nv, deg, nranks;

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

static int out_degree(long u) {
  return 1 + (int)(mix((uint64_t)u * 2 + 1) % (uint64_t)(2 * deg));
}

static long neighbour(long u, int k) {
  uint64_t h = mix(((uint64_t)u << 20) ^ (uint64_t)k ^ 0x9e3779b97f4a7c15ull);
  return (long)(h % ((uint64_t)nv * (uint64_t)nranks));
}

static int owner(long v) { return (int)(v / nv); }
static MPI_Aint local_index(long v) { return (MPI_Aint)(v % nv); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  nv = argc > 1 ? atoi(argv[1]) : 65536;
  deg = argc > 2 ? atoi(argv[2]) : 8;
  int roots = argc > 3 ? atoi(argv[3]) : 4;
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  long first = (long)rank * nv;

  int *level, *cand;
  MPI_Win level_win, cand_win;
  MPI_Alloc_mem((MPI_Aint)(sizeof(int) * nv), MPI_INFO_NULL, &level);
  MPI_Alloc_mem((MPI_Aint)(sizeof(int) * nv), MPI_INFO_NULL, &cand);
  MPI_Win_create(level, (MPI_Aint)(sizeof(int) * nv), sizeof(int),
                 MPI_INFO_NULL, MPI_COMM_WORLD, &level_win);
  MPI_Win_create(cand, (MPI_Aint)(sizeof(int) * nv), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &cand_win);
  int *parent = malloc(sizeof(int) * nv);
  long *frontier = malloc(sizeof(long) * nv);
  /* One slot per edge of the frontier: Get results and Accumulate origins
   * must stay untouched until the closing fence. */
  size_t slots = 1024;
  int *seen = malloc(sizeof(int) * slots);
  int *origin = malloc(sizeof(int) * slots);

  long reached_total = 0, failures = 0;
  long long level_sum_total = 0;
  uint64_t parent_hash = 0;
  long max_pending = 0;

  for (int r = 0; r < roots; r++) {
    long root = (long)(mix((uint64_t)r + 77) % ((uint64_t)nv * nranks));
    MPI_Win_fence(0, level_win);
    MPI_Win_fence(0, cand_win);
    for (int i = 0; i < nv; i++) {
      level[i] = -1;
      cand[i] = INT_MAX;
      parent[i] = -1;
    }
    long nf = 0;
    if (owner(root) == rank) {
      level[local_index(root)] = 0;
      parent[local_index(root)] = (int)root;
      frontier[nf++] = root;
    }
    for (int depth = 0;; depth++) {
      size_t edges = 0;
      for (long f = 0; f < nf; f++)
        edges += (size_t)out_degree(frontier[f]);
      if (edges > slots) {
        while (slots < edges)
          slots *= 2;
        free(seen);
        free(origin);
        seen = malloc(sizeof(int) * slots);
        origin = malloc(sizeof(int) * slots);
      }
      if ((long)edges > max_pending)
        max_pending = (long)edges;
      /* Epoch 1: the level of every neighbour. */
      MPI_Win_fence(0, level_win);
      size_t e = 0;
      for (long f = 0; f < nf; f++) {
        long u = frontier[f];
        for (int k = 0, d = out_degree(u); k < d; k++, e++) {
          long v = neighbour(u, k);
          MPI_Get(&seen[e], 1, MPI_INT, owner(v), local_index(v), 1, MPI_INT,
                  level_win);
        }
      }
      MPI_Win_fence(0, level_win);
      /* Epoch 2: candidate parents of the unvisited neighbours (the
       * resets of `cand` below belong to the epoch before). */
      MPI_Win_fence(0, cand_win);
      e = 0;
      for (long f = 0; f < nf; f++) {
        long u = frontier[f];
        for (int k = 0, d = out_degree(u); k < d; k++, e++) {
          if (seen[e] >= 0)
            continue;
          long v = neighbour(u, k);
          origin[e] = (int)u;
          MPI_Accumulate(&origin[e], 1, MPI_INT, owner(v), local_index(v), 1,
                         MPI_INT, MPI_MIN, cand_win);
        }
      }
      MPI_Win_fence(0, cand_win);
      /* Adopt the smallest candidate: the next frontier. */
      nf = 0;
      for (int i = 0; i < nv; i++) {
        if (cand[i] == INT_MAX)
          continue;
        if (level[i] < 0) {
          level[i] = depth + 1;
          parent[i] = cand[i];
          frontier[nf++] = first + i;
        }
        cand[i] = INT_MAX;
      }
      long total = 0, mine = nf;
      MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
      if (total == 0)
        break;
    }

    /* Verification: the parent's edges contain the vertex, and the parent's
     * level (one Get per reached vertex) is one less. */
    long reached = 0;
    for (int i = 0; i < nv; i++)
      reached += level[i] >= 0;
    if (reached > (long)slots) {
      while ((long)slots < reached)
        slots *= 2;
      free(seen);
      free(origin);
      seen = malloc(sizeof(int) * slots);
      origin = malloc(sizeof(int) * slots);
    }
    MPI_Win_fence(0, level_win);
    long n = 0;
    for (int i = 0; i < nv; i++) {
      if (level[i] < 0)
        continue;
      long p = parent[i];
      MPI_Get(&seen[n++], 1, MPI_INT, owner(p), local_index(p), 1, MPI_INT,
              level_win);
    }
    MPI_Win_fence(0, level_win);
    n = 0;
    for (int i = 0; i < nv; i++) {
      if (level[i] < 0)
        continue;
      long v = first + i, p = parent[i];
      int plevel = seen[n++];
      if (v == root) {
        failures += level[i] != 0 || p != root;
      } else {
        int edge = 0;
        for (int k = 0, d = out_degree(p); k < d && !edge; k++)
          edge = neighbour(p, k) == v;
        failures += !edge || plevel != level[i] - 1;
      }
      level_sum_total += level[i];
      parent_hash += mix((uint64_t)v * 1000003u + (uint64_t)p);
    }
    reached_total += reached;
  }

  long long sums[3] = {reached_total, level_sum_total, failures};
  long long all[3];
  MPI_Allreduce(sums, all, 3, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  unsigned long long hash = parent_hash, all_hash = 0;
  MPI_Allreduce(&hash, &all_hash, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM,
                MPI_COMM_WORLD);
  long peak = 0;
  MPI_Reduce(&max_pending, &peak, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("bfs_rma: %d ranks, %d vertices per rank, %d roots, up to %ld "
           "pending operations per rank and epoch\n",
           nranks, nv, roots, peak);
    printf("checksum: %lld %lld %016llx %lld\n", all[0], all[1], all_hash,
           all[2]);
  }
  MPI_Win_free(&cand_win);
  MPI_Win_free(&level_win);
  MPI_Free_mem(cand);
  MPI_Free_mem(level);
  free(parent);
  free(frontier);
  free(seen);
  free(origin);
  MPI_Finalize();
  return all[2] != 0;
}
