// Issue 18 item 5: thousands of live windows, requests, communicators and
// datatypes run under MPISync as they do without it: the runtime adds no
// communicator per window and no table that fills up. MPICH 4.0 has 2048
// context ids; every window takes one of them itself, so 2000 live windows
// fit natively and must fit under MPISync (which shares one communicator
// among the windows of one group). Counts: docs/design.md ("Resources").
// RUN: %mpicc -fsanitize=mpisync -O1 %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// CHECK-DAG: rank 0: 2000 windows, 100000 requests, 2000 communicators, 10000 datatypes, sum 1250025000
// CHECK-DAG: rank 1: 2000 windows, 100000 requests, 2000 communicators, 10000 datatypes, sum 1250025000
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kWindows = 2000, kMessages = 50000, kComms = 2000, kTypes = 10000 };

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int other = 1 - rank;

  // Windows, all alive at once; every 50th is used in a fence epoch (a
  // fence costs a barrier: 1500 of them would dominate the test).
  MPI_Win *wins = malloc(sizeof(MPI_Win) * kWindows);
  int **mem = malloc(sizeof(int *) * kWindows);
  for (int i = 0; i < kWindows; i++)
    MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &mem[i], &wins[i]);
  int live_windows = 0;
  for (int i = 0; i < kWindows; i += 50) {
    int v = i;
    MPI_Win_fence(0, wins[i]);
    MPI_Put(&v, 1, MPI_INT, other, 0, 1, MPI_INT, wins[i]);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, wins[i]);
    live_windows += mem[i][0] == i;
  }
  for (int i = 0; i < kWindows; i++) {
    int flag = 0;
    void *base = NULL;
    MPI_Win_get_attr(wins[i], MPI_WIN_BASE, &base, &flag);
    live_windows += i % 50 && flag && base == mem[i];
  }
  for (int i = 0; i < kWindows; i++)
    MPI_Win_free(&wins[i]);

  // Requests: kMessages pending receives at once, then their sends:
  // 2 * kMessages live requests. Open MPI's ob1 numbers the messages from
  // one peer in 16 bits; with more than 65536 in flight its two shared-
  // memory paths (fast box, FIFO) can reorder them past that range and a
  // few never match, with or without MPISync: 50000 per peer stays below.
  int *in = malloc(sizeof(int) * kMessages), *out = malloc(sizeof(int) * kMessages);
  MPI_Request *reqs = malloc(sizeof(MPI_Request) * 2 * kMessages);
  for (int i = 0; i < kMessages; i++) {
    out[i] = i + 1;
    MPI_Irecv(&in[i], 1, MPI_INT, other, i % 32000, MPI_COMM_WORLD, &reqs[i]);
  }
  for (int i = 0; i < kMessages; i++)
    MPI_Isend(&out[i], 1, MPI_INT, other, i % 32000, MPI_COMM_WORLD,
              &reqs[kMessages + i]);
  MPI_Waitall(2 * kMessages, reqs, MPI_STATUSES_IGNORE);
  long long sum = 0;
  for (int i = 0; i < kMessages; i++)
    sum += in[i];

  // Communicators, all alive at once, each used by a collective.
  MPI_Comm *comms = malloc(sizeof(MPI_Comm) * kComms);
  int live_comms = 0;
  for (int i = 0; i < kComms; i++) {
    int one = 1, two = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[i]);
    MPI_Allreduce(&one, &two, 1, MPI_INT, MPI_SUM, comms[i]);
    live_comms += two == 2;
  }
  for (int i = 0; i < kComms; i++)
    MPI_Comm_free(&comms[i]);

  // Datatypes, all alive at once, each used by a nonblocking send.
  MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * kTypes);
  int live_types = 0;
  for (int i = 0; i < kTypes; i++) {
    MPI_Type_vector(2, 1, 1 + i % 7, MPI_INT, &types[i]);
    MPI_Type_commit(&types[i]);
  }
  // One message per datatype, all pending at once: every type is mapped.
  int(*vecs)[16] = calloc(kTypes, sizeof *vecs), (*got)[2] = malloc(sizeof *got * kTypes);
  for (int i = 0; i < kTypes; i++) {
    vecs[i][0] = i;
    MPI_Irecv(got[i], 2, MPI_INT, other, 0, MPI_COMM_WORLD, &reqs[i]);
    MPI_Isend(vecs[i], 1, types[i], other, 0, MPI_COMM_WORLD, &reqs[kTypes + i]);
  }
  MPI_Waitall(2 * kTypes, reqs, MPI_STATUSES_IGNORE);
  for (int i = 0; i < kTypes; i++)
    live_types += got[i][0] == i;
  for (int i = 0; i < kTypes; i++)
    MPI_Type_free(&types[i]);

  printf("rank %d: %d windows, %d requests, %d communicators, %d datatypes, "
         "sum %lld\n",
         rank, live_windows, 2 * kMessages, live_comms, live_types, sum);
  free(wins);
  free(mem);
  free(in);
  free(out);
  free(reqs);
  free(comms);
  free(types);
  free(vecs);
  free(got);
  MPI_Finalize();
  return 0;
}
