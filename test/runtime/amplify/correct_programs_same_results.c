// A correct program computes the same results with amplify on as off, for
// every order, seed and split: point-to-point (derived datatypes, a message
// shorter than the receive, MPI_ANY_SOURCE, persistent requests, the
// Waitany/Testsome family), the held nonblocking collectives, and RMA in
// fence, PSCW and passive epochs (Put/Get/Accumulate with derived types,
// Get_accumulate, Fetch_and_op, Compare_and_swap, Rput/Rget, flush_local
// with the origin reused).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 3 %t | sort > %t.native
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 3 %t | sort > %t.a1
// RUN: diff %t.native %t.a1
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=program:amplify_split=0 %mpiexec -n 3 %t | sort > %t.a2
// RUN: diff %t.native %t.a2
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=11:amplify_split=2 %mpiexec -n 3 %t | sort > %t.a3
// RUN: diff %t.native %t.a3
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=12 %mpiexec -n 3 %t | sort > %t.a4
// RUN: diff %t.native %t.a4
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=put_first:amplify_latency_us=1 %mpiexec -n 3 %t | sort > %t.a5
// RUN: diff %t.native %t.a5
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=get_first:amplify_flush=0:poison_byte=0 %mpiexec -n 3 %t | sort > %t.a6
// RUN: diff %t.native %t.a6
// stats=1 counts what the layer did.
// RUN: env MPISYNC_OPTIONS=amplify=1:stats=1 %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: MPISync amplify statistics (order=reverse, seed={{[0-9]+}}):
// STATS: sends held {{ *}}{{[1-9]}}
// STATS: collectives held {{ *}}{{[1-9]}}
// STATS: RMA operations held {{ *}}{{[1-9]}}
// STATS: RMA operations split {{ *}}{{[1-9]}}
// STATS: RMA batches reordered {{ *}}{{[1-9]}}
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, size;

static void print(const char *what, const double *v, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += v[i] * (i + 1);
  printf("rank %d %s %.6f\n", rank, what, sum);
}

static void p2p(void) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  double out[16], in[16], in2[16];
  MPI_Datatype every_other;
  MPI_Type_vector(8, 1, 2, MPI_DOUBLE, &every_other);
  MPI_Type_commit(&every_other);
  for (int i = 0; i < 16; i++) {
    out[i] = rank * 100 + i;
    in[i] = -1;
    in2[i] = -2;
  }
  MPI_Request reqs[4];
  MPI_Irecv(in, 1, every_other, left, 1, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(out, 1, every_other, right, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Type_free(&every_other); // pending operations keep it
  // A short message into a long receive: the rest of `in2` is untouched.
  MPI_Irecv(in2, 16, MPI_DOUBLE, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD,
            &reqs[2]);
  MPI_Isend(out, 5, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &reqs[3]);
  int done = 0, idx, outcount, indices[4];
  MPI_Status st;
  MPI_Waitany(4, reqs, &idx, &st);
  done++;
  while (done < 4) {
    MPI_Testsome(4, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    if (outcount != MPI_UNDEFINED)
      done += outcount;
  }
  print("vector", in, 16);
  print("short", in2, 16);
  // Persistent, three rounds, with the buffers changed between rounds.
  MPI_Request pr[2];
  MPI_Recv_init(in, 4, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, &pr[0]);
  MPI_Send_init(out, 4, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &pr[1]);
  for (int round = 0; round < 3; round++) {
    out[0] = round * 1000 + rank;
    MPI_Startall(2, pr);
    MPI_Waitall(2, pr, MPI_STATUSES_IGNORE);
    print("persistent", in, 4);
  }
  MPI_Request_free(&pr[0]);
  MPI_Request_free(&pr[1]);
  // Zero counts and MPI_PROC_NULL.
  MPI_Request z[2];
  MPI_Irecv(in, 0, MPI_DOUBLE, left, 4, MPI_COMM_WORLD, &z[0]);
  MPI_Isend(out, 0, MPI_DOUBLE, right, 4, MPI_COMM_WORLD, &z[1]);
  MPI_Waitall(2, z, MPI_STATUSES_IGNORE);
  MPI_Irecv(in, 4, MPI_DOUBLE, MPI_PROC_NULL, 5, MPI_COMM_WORLD, &z[0]);
  MPI_Wait(&z[0], MPI_STATUS_IGNORE);
  MPI_Wait(&z[0], MPI_STATUS_IGNORE); // MPI_REQUEST_NULL now
  print("after-null", in, 4);
  // Sendrecv and a test loop.
  MPI_Sendrecv(out, 3, MPI_DOUBLE, right, 6, in, 3, MPI_DOUBLE, left, 6,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Request r;
  int flag = 0;
  MPI_Irecv(in2, 2, MPI_DOUBLE, left, 7, MPI_COMM_WORLD, &r);
  MPI_Ssend(out + 4, 2, MPI_DOUBLE, right, 7, MPI_COMM_WORLD);
  while (!flag)
    MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
  print("sendrecv", in, 3);
  print("tested", in2, 2);
}

static void collectives(void) {
  double a[6], b[6 * 4], c[6 * 4];
  MPI_Request reqs[6];
  for (int i = 0; i < 6; i++)
    a[i] = rank + i * 0.5;
  memset(b, 0, sizeof(b));
  memset(c, 0, sizeof(c));
  double bc[3] = {rank == 1 ? 7 : 0, rank == 1 ? 8 : 0, 9};
  MPI_Ibcast(bc, 3, MPI_DOUBLE, 1, MPI_COMM_WORLD, &reqs[0]);
  MPI_Iallreduce(a, b, 6, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &reqs[1]);
  double inplace[2] = {rank, 2.0 * rank};
  MPI_Iallreduce(MPI_IN_PLACE, inplace, 2, MPI_DOUBLE, MPI_MAX,
                 MPI_COMM_WORLD, &reqs[2]);
  MPI_Ireduce(a, c, 6, MPI_DOUBLE, MPI_SUM, 2, MPI_COMM_WORLD, &reqs[3]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  print("ibcast", bc, 3);
  print("iallreduce", b, 6);
  print("inplace", inplace, 2);
  if (rank == 2)
    print("ireduce", c, 6);
  double g[4 * 3], s[2];
  MPI_Igather(a, 4, MPI_DOUBLE, g, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD,
              &reqs[0]);
  MPI_Iscatter(a, 2, MPI_DOUBLE, s, 2, MPI_DOUBLE, 1, MPI_COMM_WORLD,
               &reqs[1]);
  MPI_Iallgather(a, 2, MPI_DOUBLE, b, 2, MPI_DOUBLE, MPI_COMM_WORLD,
                 &reqs[2]);
  MPI_Ialltoall(a, 2, MPI_DOUBLE, c, 2, MPI_DOUBLE, MPI_COMM_WORLD,
                &reqs[3]);
  MPI_Ibarrier(MPI_COMM_WORLD, &reqs[4]);
  MPI_Waitall(5, reqs, MPI_STATUSES_IGNORE);
  if (rank == 0)
    print("igather", g, 12);
  print("iscatter", s, 2);
  print("iallgather", b, 6);
  print("ialltoall", c, 6);
}

static void rma(void) {
  double *base;
  MPI_Win win;
  MPI_Win_allocate(16 * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 16; i++)
    base[i] = rank;
  ((long *)base)[13] = 0;
  int right = (rank + 1) % size;
  double src[8], got[8];
  for (int i = 0; i < 8; i++)
    src[i] = rank * 10 + i;
  MPI_Datatype stride2;
  MPI_Type_vector(4, 1, 2, MPI_DOUBLE, &stride2);
  MPI_Type_commit(&stride2);
  // Fence epoch: Put with a derived target type, accumulates to one place.
  MPI_Win_fence(0, win);
  MPI_Put(src, 4, MPI_DOUBLE, right, 0, 1, stride2, win);
  MPI_Accumulate(src, 2, MPI_DOUBLE, right, 8, 2, MPI_DOUBLE, MPI_SUM, win);
  MPI_Accumulate(src + 2, 2, MPI_DOUBLE, right, 8, 2, MPI_DOUBLE, MPI_PROD,
                 win);
  MPI_Accumulate(src, 2, MPI_DOUBLE, right, 8, 2, MPI_DOUBLE, MPI_MAX, win);
  MPI_Win_fence(0, win);
  print("fence-window", base, 16);
  MPI_Win_fence(0, win);
  MPI_Get(got, 1, stride2, right, 0, 4, MPI_DOUBLE, win);
  MPI_Win_fence(0, win);
  print("fence-get", got, 8);
  // PSCW with every process both origin and target.
  MPI_Group world, peers;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int others[2], n = 0;
  for (int r = 0; r < size && n < 2; r++)
    if (r != rank)
      others[n++] = r;
  MPI_Group_incl(world, n, others, &peers);
  MPI_Win_post(peers, 0, win);
  MPI_Win_start(peers, 0, win);
  MPI_Accumulate(src, 1, MPI_DOUBLE, right, 15, 1, MPI_DOUBLE, MPI_SUM, win);
  MPI_Win_complete(win);
  MPI_Win_wait(win);
  print("pscw", base + 15, 1);
  MPI_Group_free(&peers);
  MPI_Group_free(&world);
  // Passive target: atomics, request-based operations, local completion.
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  double one = 1, old = -1;
  long cmp = 0, swap = 100 + rank, res = -1;
  MPI_Fetch_and_op(&one, &old, MPI_DOUBLE, 0, 12, MPI_SUM, win);
  MPI_Win_flush(0, win);
  MPI_Compare_and_swap(&swap, &cmp, &res, MPI_LONG, rank, 13, win);
  MPI_Win_flush(rank, win);
  double ga_in[2] = {1, 2}, ga_out[2];
  MPI_Get_accumulate(ga_in, 2, MPI_DOUBLE, ga_out, 2, MPI_DOUBLE, rank, 14,
                     2, MPI_DOUBLE, MPI_REPLACE, win);
  MPI_Win_flush_local(rank, win);
  MPI_Request rr[2];
  double rp[2] = {rank + 0.25, rank + 0.75}, rg[2];
  MPI_Rput(rp, 2, MPI_DOUBLE, rank, 4, 2, MPI_DOUBLE, win, &rr[0]);
  MPI_Wait(&rr[0], MPI_STATUS_IGNORE);
  rp[0] = rp[1] = -5; // locally complete: the origin is free
  MPI_Win_flush(rank, win);
  MPI_Rget(rg, 2, MPI_DOUBLE, rank, 4, 2, MPI_DOUBLE, win, &rr[1]);
  MPI_Wait(&rr[1], MPI_STATUS_IGNORE);
  double lc = 3.5;
  MPI_Put(&lc, 1, MPI_DOUBLE, rank, 6, 1, MPI_DOUBLE, win);
  MPI_Win_flush_local(rank, win);
  lc = -9; // reused after local completion
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d cas %ld ga %g %g rget %g %g\n", rank, res, ga_out[0],
         ga_out[1], rg[0], rg[1]);
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  print("passive-window", base, 16);
  MPI_Win_unlock(rank, win);
  MPI_Type_free(&stride2);
  MPI_Win_free(&win);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  p2p();
  collectives();
  rma();
  MPI_Finalize();
  return 0;
}
