/* labelprop_p2p: connected components by label propagation with one small
 * message per cut edge.
 *
 * Models graph codes that send one nonblocking message per remote edge
 * (vertex-centric frameworks, naive distributed graph kernels): about 10^5
 * MPI_Irecv and 10^5 MPI_Isend of 8 bytes are pending at once between the
 * waits. The undirected graph has M edges per rank with pseudo-random
 * endpoints among NV = M / 2 vertices per rank (vertices split by blocks);
 * every rank enumerates the same edge list, so both ends of a cut edge agree
 * on its position in the message order. A sweep:
 *   posts one MPI_Irecv per cut edge (in edge order, one tag: MPI's
 *     non-overtaking rule pairs the k-th send with the k-th receive),
 *   copies the label of each local endpoint into its own send slot and posts
 *     one MPI_Isend per cut edge,
 *   relaxes the local edges while the messages are in flight,
 *   completes the receives chunk by chunk with MPI_Waitsome, lowering the
 *     local endpoint's label as each arrives, then MPI_Waitall on the sends,
 * until a sweep changes no label anywhere (MPI_Allreduce).
 *
 *   labelprop_p2p [M [MAXSWEEPS]]   M edges per rank (default 100000),
 *                                   at most MAXSWEEPS sweeps (default 60)
 *
 * Verification: the last sweep saw no edge whose ends had different labels,
 * and every label is the smallest vertex number of its component (a label
 * never exceeds its vertex's number, and equals it for exactly one vertex per
 * component). Output: "checksum: <sweeps> <components> <hash of labels>
 * <verification failures>"; the exit code is 1 on a failure. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

enum { kChunk = 4096, kTag = 7 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  long m = argc > 1 ? atol(argv[1]) : 100000;
  int max_sweeps = argc > 2 ? atoi(argv[2]) : 60;
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  long nv = m / 2 > 0 ? m / 2 : 1;
  long total_v = nv * nranks, total_e = m * nranks;
  long first = (long)rank * nv;

  /* Local edges (both ends here) and cut edges (local end, remote owner),
   * in edge-number order. */
  long *local_a = malloc(sizeof(long) * total_e),
       *local_b = malloc(sizeof(long) * total_e);
  long *cut_local = malloc(sizeof(long) * total_e);
  int *cut_peer = malloc(sizeof(int) * total_e);
  long nlocal = 0, ncut = 0;
  for (long e = 0; e < total_e; e++) {
    long a = (long)(mix((uint64_t)e * 2 + 1) % (uint64_t)total_v);
    long b = (long)(mix((uint64_t)e * 2 + 2) % (uint64_t)total_v);
    int oa = (int)(a / nv), ob = (int)(b / nv);
    if (oa == rank && ob == rank) {
      local_a[nlocal] = a - first;
      local_b[nlocal++] = b - first;
    } else if (oa == rank || ob == rank) {
      cut_local[ncut] = (oa == rank ? a : b) - first;
      cut_peer[ncut++] = oa == rank ? ob : oa;
    }
  }

  long *label = malloc(sizeof(long) * nv);
  for (long i = 0; i < nv; i++)
    label[i] = first + i;
  /* Each pending message has its own slot, untouched until completion. */
  long *send_slot = malloc(sizeof(long) * (ncut + 1));
  long *recv_slot = malloc(sizeof(long) * (ncut + 1));
  MPI_Request *sreq = malloc(sizeof(MPI_Request) * (ncut + 1));
  MPI_Request *rreq = malloc(sizeof(MPI_Request) * (ncut + 1));
  int *done = malloc(sizeof(int) * kChunk);

  int sweeps = 0;
  long inconsistent = 0;
  for (;;) {
    sweeps++;
    long changed = 0;
    inconsistent = 0;
    for (long k = 0; k < ncut; k++)
      MPI_Irecv(&recv_slot[k], 1, MPI_LONG, cut_peer[k], kTag, MPI_COMM_WORLD,
                &rreq[k]);
    for (long k = 0; k < ncut; k++) {
      send_slot[k] = label[cut_local[k]];
      MPI_Isend(&send_slot[k], 1, MPI_LONG, cut_peer[k], kTag, MPI_COMM_WORLD,
                &sreq[k]);
    }
    for (long e = 0; e < nlocal; e++) {
      long *la = &label[local_a[e]], *lb = &label[local_b[e]];
      if (*la != *lb) {
        inconsistent++;
        changed++;
        if (*la < *lb)
          *lb = *la;
        else
          *la = *lb;
      }
    }
    for (long c0 = 0; c0 < ncut; c0 += kChunk) {
      int n = (int)(ncut - c0 < kChunk ? ncut - c0 : kChunk), left = n;
      while (left > 0) {
        int outcount = 0;
        MPI_Waitsome(n, &rreq[c0], &outcount, done, MPI_STATUSES_IGNORE);
        if (outcount == MPI_UNDEFINED)
          break;
        for (int j = 0; j < outcount; j++) {
          long k = c0 + done[j];
          long *l = &label[cut_local[k]];
          if (recv_slot[k] != send_slot[k])
            inconsistent++;
          if (recv_slot[k] < *l) {
            *l = recv_slot[k];
            changed++;
          }
        }
        left -= outcount;
      }
    }
    MPI_Waitall((int)ncut, sreq, MPI_STATUSES_IGNORE);
    long any = 0;
    MPI_Allreduce(&changed, &any, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (any == 0 || sweeps >= max_sweeps)
      break;
  }

  long failures = inconsistent, components = 0;
  uint64_t hash = 0;
  for (long i = 0; i < nv; i++) {
    failures += label[i] > first + i || label[i] < 0;
    components += label[i] == first + i;
    hash += mix((uint64_t)label[i] * 1000003u + (uint64_t)(first + i));
  }
  long long sums[2] = {components, failures}, all[2];
  MPI_Allreduce(sums, all, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  unsigned long long h = hash, all_hash = 0;
  MPI_Allreduce(&h, &all_hash, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM,
                MPI_COMM_WORLD);
  long peak = 0;
  MPI_Reduce(&ncut, &peak, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("labelprop_p2p: %d ranks, %ld edges per rank, %ld receives and "
           "%ld sends pending per rank between waits\n",
           nranks, m, peak, peak);
    printf("checksum: %d %lld %016llx %lld\n", sweeps, all[0], all_hash,
           all[1]);
  }
  free(local_a);
  free(local_b);
  free(cut_local);
  free(cut_peer);
  free(label);
  free(send_slot);
  free(recv_slot);
  free(sreq);
  free(rreq);
  free(done);
  MPI_Finalize();
  return all[1] != 0;
}
