// Cloning mirrors collectives, blocking, nonblocking and persistent, with
// in-place forms and the v and w layouts: a clone's receive buffers equal
// its parent's after every call (one broadcast per call through a derived
// datatype of the buffers), and the parents compute what the run without
// clones computes.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=clones=1:clone_ranks=1 %mpiexec -n 3 %t > %t.r1
// RUN: sort -u %t.r1 > %t.r1.u
// RUN: sort %t.plain | diff - %t.r1.u
// CHECK: same: {{[0-9]+}} lines
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, size;

static void Show(const char *what, const int *v, int n) {
  unsigned s = 7;
  for (int i = 0; i < n; i++)
    s = s * 31 + (unsigned)v[i];
  printf("rank %d %s: %u\n", rank, what, s);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int in[64], out[64], counts[2] = {3, 5}, displs[2] = {0, 10}, same[2] = {4, 4};
  for (int i = 0; i < 64; i++)
    out[i] = (rank + 1) * 100 + i;
#define RESET memset(in, 0, sizeof in)

  MPI_Barrier(MPI_COMM_WORLD);
  RESET; memcpy(in, out, sizeof in);
  MPI_Bcast(in, 16, MPI_INT, 1, MPI_COMM_WORLD); Show("bcast", in, 64);
  RESET; MPI_Reduce(out, in, 8, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); Show("reduce", in, 64);
  RESET; MPI_Allreduce(out, in, 8, MPI_INT, MPI_MAX, MPI_COMM_WORLD); Show("allreduce", in, 64);
  memcpy(in, out, sizeof in);
  MPI_Allreduce(MPI_IN_PLACE, in, 8, MPI_INT, MPI_SUM, MPI_COMM_WORLD); Show("allreduce in place", in, 64);
  RESET; MPI_Gather(out, 4, MPI_INT, in, 4, MPI_INT, 1, MPI_COMM_WORLD); Show("gather", in, 64);
  RESET; MPI_Gatherv(out, counts[rank], MPI_INT, in, counts, displs, MPI_INT, 0, MPI_COMM_WORLD); Show("gatherv", in, 64);
  RESET; MPI_Scatter(out, 4, MPI_INT, in, 4, MPI_INT, 0, MPI_COMM_WORLD); Show("scatter", in, 64);
  RESET; MPI_Scatterv(out, counts, displs, MPI_INT, in, counts[rank], MPI_INT, 1, MPI_COMM_WORLD); Show("scatterv", in, 64);
  RESET; MPI_Allgather(out, 6, MPI_INT, in, 6, MPI_INT, MPI_COMM_WORLD); Show("allgather", in, 64);
  RESET; MPI_Allgatherv(out, counts[rank], MPI_INT, in, counts, displs, MPI_INT, MPI_COMM_WORLD); Show("allgatherv", in, 64);
  RESET; MPI_Alltoall(out, 5, MPI_INT, in, 5, MPI_INT, MPI_COMM_WORLD); Show("alltoall", in, 64);
  RESET; MPI_Alltoallv(out, same, displs, MPI_INT, in, same, displs, MPI_INT, MPI_COMM_WORLD); Show("alltoallv", in, 64);
  MPI_Datatype types[2] = {MPI_INT, MPI_INT};
  int bdispls[2] = {0, 40};
  RESET; MPI_Alltoallw(out, same, bdispls, types, in, same, bdispls, types, MPI_COMM_WORLD); Show("alltoallw", in, 64);
  RESET; MPI_Reduce_scatter(out, in, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD); Show("reduce_scatter", in, 64);
  RESET; MPI_Reduce_scatter_block(out, in, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD); Show("reduce_scatter_block", in, 64);
  RESET; MPI_Scan(out, in, 7, MPI_INT, MPI_SUM, MPI_COMM_WORLD); Show("scan", in, 64);
  RESET; MPI_Exscan(out, in, 7, MPI_INT, MPI_SUM, MPI_COMM_WORLD); Show("exscan", in, 64);

  // Nonblocking: completed by different forms.
  MPI_Request r[3];
  int in2[64], in3[64];
  RESET; memset(in2, 0, sizeof in2); memset(in3, 0, sizeof in3);
  MPI_Iallreduce(out, in, 9, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[0]);
  MPI_Ibcast(rank == 0 ? out : in2, 12, MPI_INT, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Ialltoallv(out, same, displs, MPI_INT, in3, same, displs, MPI_INT, MPI_COMM_WORLD, &r[2]);
  MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
  Show("iallreduce", in, 64); Show("ibcast", in2, 64); Show("ialltoallv", in3, 64);
  RESET;
  MPI_Igather(out, 3, MPI_INT, in, 3, MPI_INT, 1, MPI_COMM_WORLD, &r[0]);
  MPI_Ibarrier(MPI_COMM_WORLD, &r[1]);
  int index, flag = 0;
  MPI_Waitany(2, r, &index, MPI_STATUS_IGNORE);
  MPI_Wait(&r[1 - index], MPI_STATUS_IGNORE);
  while (!flag)
    MPI_Test(&r[0], &flag, MPI_STATUS_IGNORE);
  Show("igather", in, 64);

  // Persistent collectives, started twice with new data.
  MPI_Request p;
  MPI_Allreduce_init(out, in, 10, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &p);
  for (int round = 0; round < 2; round++) {
    out[0] += round;
    RESET;
    MPI_Start(&p);
    MPI_Wait(&p, MPI_STATUS_IGNORE);
    Show("allreduce_init", in, 64);
  }
  MPI_Request_free(&p);

  MPI_Finalize();
  return 0;
}
