// A correct program computes the same results with amplify on as off, for
// every order and seed, with the collectives amplify holds and bounces:
// the v and w forms (derived and per-peer datatypes, a type freed while the
// start is held, gaps in the receive layout), reduce-scatter, scans,
// neighbourhood collectives on a ring, persistent collectives over several
// rounds, MPI_IN_PLACE, a large-count form.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 3 %t | sort > %t.native
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 3 %t | sort > %t.a1
// RUN: diff %t.native %t.a1
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=5 %mpiexec -n 3 %t | sort > %t.a2
// RUN: diff %t.native %t.a2
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=77:poison_byte=0 %mpiexec -n 3 %t | sort > %t.a3
// RUN: diff %t.native %t.a3
// A seed drawn at MPI_Init (printed on stderr) gives the same results too.
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random %mpiexec -n 3 %t | sort > %t.a4
// RUN: diff %t.native %t.a4
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=program:stats=1 %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --check-prefix=RESULTS < %t.native
// STATS-NOT: MPISync: {{.*}}ERROR
// STATS: collectives held {{ *}}{{[1-9][0-9]}}
// STATS: persistent starts held {{ *}}{{[1-9]}}
// STATS: buffers poisoned {{ *}}{{[1-9][0-9]}}
// RESULTS: 0 alltoallw
// RESULTS: 2 gatherv 0 0 1 1 2 2 2 -7 -7
#include <mpi.h>
#include <stdio.h>

#define N 3

static int rank;

// One line per result, written whole (ranks share the output pipe).
static void show(const char *what, const int *v, int n) {
  char line[256];
  int len = snprintf(line, sizeof(line), "%d %s", rank, what);
  for (int i = 0; i < n; i++)
    len += snprintf(line + len, sizeof(line) - len, " %d", v[i]);
  printf("%s\n", line);
  fflush(stdout);
}

int main(int argc, char **argv) {
  MPI_Request req[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int mine[N] = {rank, rank, rank}, counts[N] = {2, 2, 3},
      displs[N] = {0, 2, 4};

  // Igatherv to every root in turn, a gap at the end of the layout.
  for (int root = 0; root < N; root++) {
    int all[9] = {-7, -7, -7, -7, -7, -7, -7, -7, -7};
    MPI_Igatherv(mine, counts[rank], MPI_INT, all, counts, displs, MPI_INT,
                 root, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    if (rank == root) {
      show("gatherv", all, 9);
    }
  }

  // Iscatterv and Iallgatherv (large-count form) and Ialltoallv.
  {
    int src[7] = {10, 11, 12, 13, 14, 15, 16}, part[3] = {-1, -1, -1};
    MPI_Iscatterv(src, counts, displs, MPI_INT, part, counts[rank], MPI_INT,
                  1, MPI_COMM_WORLD, &req[0]);
    MPI_Count ccounts[N] = {2, 2, 3};
    MPI_Aint cdispls[N] = {0, 2, 4};
    int all[7];
    MPI_Iallgatherv_c(mine, ccounts[rank], MPI_INT, all, ccounts, cdispls,
                      MPI_INT, MPI_COMM_WORLD, &req[1]);
    int sc[N] = {1, 2, 1}, sd[N] = {0, 1, 3}, out[N * 2], rc[N], rd[N];
    int in[4] = {rank * 10, rank * 10 + 1, rank * 10 + 2, rank * 10 + 3};
    for (int i = 0; i < N; i++) {
      rc[i] = sc[rank]; // every rank sends sc[me] elements to me
      rd[i] = 2 * i;
    }
    for (int i = 0; i < 2 * N; i++)
      out[i] = -1;
    MPI_Ialltoallv(in, sc, sd, MPI_INT, out, rc, rd, MPI_INT, MPI_COMM_WORLD,
                   &req[2]);
    MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
    show("scatterv", part, 3);
    show("allgatherv", all, 7);
    show("alltoallv", out, 2 * N);
  }

  // Ialltoallw with a vector type freed while the start is held.
  {
    MPI_Datatype every_other;
    MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int in[N * 4], out[N * 4];
    int sc[N], sd[N], rc[N], rd[N];
    MPI_Datatype st[N], rt[N];
    for (int i = 0; i < N * 4; i++) {
      in[i] = 100 * rank + i;
      out[i] = -1;
    }
    for (int i = 0; i < N; i++) {
      sc[i] = 1;
      sd[i] = (int)(4 * i * sizeof(int));
      st[i] = every_other;
      rc[i] = 2;
      rd[i] = (int)(4 * i * sizeof(int));
      rt[i] = MPI_INT;
    }
    MPI_Ialltoallw(in, sc, sd, st, out, rc, rd, rt, MPI_COMM_WORLD, &req[0]);
    MPI_Type_free(&every_other);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    show("alltoallw", out, N * 4);
  }

  // Reduce-scatter (also in place), scans.
  {
    int in[6] = {rank, 1, 2, rank, 4, 5}, out[3] = {-1, -1, -1};
    int rcounts[N] = {1, 2, 3};
    MPI_Ireduce_scatter(in, out, rcounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                        &req[0]);
    int inplace[6] = {1, rank, 3, 4, 5, 6};
    MPI_Ireduce_scatter_block(MPI_IN_PLACE, inplace, 2, MPI_INT, MPI_SUM,
                              MPI_COMM_WORLD, &req[1]);
    int s = rank + 1, scan = -1, exscan = -1;
    MPI_Iscan(&s, &scan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[2]);
    MPI_Iexscan(&s, &exscan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    show("reduce_scatter", out, rcounts[rank]);
    show("reduce_scatter_block", inplace, 2);
    show("scan", &scan, 1);
    if (rank != 0) // rank 0's exscan result is undefined
      show("exscan", &exscan, 1);
  }

  // Neighbourhood collectives on a ring.
  {
    int dims[1] = {N}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int in[4] = {rank, rank + 10, rank + 20, rank + 30}, out[6];
    for (int i = 0; i < 6; i++)
      out[i] = -1;
    int sc[2] = {1, 2}, sd[2] = {0, 1}, rc[2] = {2, 1}, rd[2] = {0, 3};
    MPI_Ineighbor_alltoallv(in, sc, sd, MPI_INT, out, rc, rd, MPI_INT, ring,
                            &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    show("neighbor_alltoallv", out, 6);
    MPI_Aint bd[2] = {0, 2 * sizeof(int)};
    MPI_Datatype t[2] = {MPI_INT, MPI_INT};
    int one[2] = {1, 1};
    for (int i = 0; i < 6; i++)
      out[i] = -1;
    MPI_Ineighbor_alltoallw(in, one, bd, t, out, one, bd, t, ring, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    show("neighbor_alltoallw", out, 6);
    MPI_Comm_free(&ring);
  }

  // Persistent collectives, several rounds. (A Wait on an inactive one
  // hangs in MPICH 4.0.2 natively.)
  {
    int b[2] = {0, 0}, g[N * 2], x = 0, sum = 0;
    MPI_Bcast_init(b, 2, MPI_INT, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Gather_init(&x, 1, MPI_INT, g, 1, MPI_INT, 0, MPI_COMM_WORLD,
                    MPI_INFO_NULL, &req[1]);
    MPI_Allreduce_init(MPI_IN_PLACE, &sum, 1, MPI_INT, MPI_SUM,
                       MPI_COMM_WORLD, MPI_INFO_NULL, &req[2]);
    for (int round = 1; round <= 3; round++) {
      if (rank == 2)
        b[0] = b[1] = round;
      x = rank * round;
      sum = rank + round;
      MPI_Startall(3, req);
      MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
      show("bcast_init", b, 2);
      if (rank == 0)
        show("gather_init", g, N);
      show("allreduce_init", &sum, 1);
    }
    for (int i = 0; i < 3; i++)
      MPI_Request_free(&req[i]);
  }
  MPI_Finalize();
  return 0;
}
// MPI-4 calls (persistent collectives, MPI_Isendrecv): not in Open MPI 4.1.
// REQUIRES: mpi-4
