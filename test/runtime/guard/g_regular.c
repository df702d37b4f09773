// Detectors G and X (docs/scaling-guard.md) with the small bounds of
// Inputs/small.bounds: each collective moves 700 ints per process (a global
// buffer of 1400 elements at P = 2, past the bound of 1000), so the guard
// reports it once per call site (a notice: exit code 0) and avoids it with
// the strategy asked for. The program checks every byte against the result
// a correct run computes, with and without MPI_IN_PLACE.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t gather 2>&1 | FileCheck %s --check-prefixes=GATHER,BIGTYPE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=rounds %mpiexec -n 2 %t gather 2>&1 | FileCheck %s --check-prefixes=GATHER,ROUNDS
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=split %mpiexec -n 3 %t gather 400 2>&1 | FileCheck %s --check-prefixes=GATHER,SPLIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=split %mpiexec -n 3 %t gather_in_place 400 2>&1 | FileCheck %s --check-prefixes=GATHER,SPLIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=rounds %mpiexec -n 3 %t gather_in_place 2>&1 | FileCheck %s --check-prefixes=GATHER,ROUNDS
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t scatter 2>&1 | FileCheck %s --check-prefixes=SCATTER,BYTES
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=split %mpiexec -n 3 %t scatter 400 2>&1 | FileCheck %s --check-prefixes=SCATTER,SSPLIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=bigtype %mpiexec -n 2 %t scatter 2>&1 | FileCheck %s --check-prefixes=SCATTER,NOBIG
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=rounds %mpiexec -n 2 %t allgather 2>&1 | FileCheck %s --check-prefixes=ALLGATHER
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=rounds %mpiexec -n 2 %t allgather_in_place 2>&1 | FileCheck %s --check-prefixes=ALLGATHER
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t allgather_in_place 2>&1 | FileCheck %s --check-prefixes=ALLGATHER
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=rounds %mpiexec -n 2 %t alltoall 2>&1 | FileCheck %s --check-prefixes=ALLTOALL
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=bigtype %mpiexec -n 2 %t alltoall_in_place 2>&1 | FileCheck %s --check-prefixes=ALLTOALL
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t bcast 2>&1 | FileCheck %s --check-prefixes=BCAST
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t reduce 2>&1 | FileCheck %s --check-prefixes=REDUCE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t allreduce_in_place 2>&1 | FileCheck %s --check-prefixes=ALLREDUCE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t igather 2>&1 | FileCheck %s --check-prefixes=IGATHER
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t iallreduce 2>&1 | FileCheck %s --check-prefixes=IALLREDUCE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\" %mpiexec -n 2 %t reduce_scatter_block 2>&1 | FileCheck %s --check-prefixes=RSB
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":scaling_strategy=none %mpiexec -n 2 %t gather 2>&1 | FileCheck %s --check-prefixes=GATHER,NONE
// Class X: auto takes rounds (Table X), not the big datatype.
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/x.bounds\" %mpiexec -n 2 %t gather 2>&1 | FileCheck %s --check-prefix=XGATHER
// XGATHER: MPI_Gather: count past a bound (detector X): n = 700 > 300 at s = 4, P = 2 (bounds file line 2)
// XGATHER-NEXT: avoided with rounds (W1-B): 3 rounds of MPI_Gather with at most 300 elements per process, here:
// XGATHER: gather: bytes ok
// G and X reports are notices: halt_on_error does not stop at them.
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":halt_on_error=1 %mpiexec -n 2 %t gather 2>&1 | FileCheck %s --check-prefixes=GATHER,BIGTYPE
//
// GATHER: ERROR: MPISync: scaling-guard on rank 0
// GATHER-NEXT: MPI_Gather: global buffer past a bound (detector G): {{700|400}} elements of 4 bytes x {{[23]}} processes, G_e = {{1400|2100|1200}} > 1000 (bounds file line 4)
// BIGTYPE-NEXT: avoided with bigtype (W2): MPI_Gather with one element of a contiguous datatype of 700 elements per process, here:
// ROUNDS-NEXT: avoided with rounds (W1-B): {{[23]}} rounds of MPI_Gather with at most {{500|333}} elements per process, here:
// SPLIT-NEXT: avoided with split (W1-A): MPI_Gather on sub-communicators of at most 2 processes, each holding the root, here:
// NONE-NEXT: not avoided: scaling_strategy=none; the call went to MPI unchanged, here:
// GATHER-NEXT: #0 {{.*}} in run_gather {{.*}}g_regular.c:{{[0-9]+}}
// GATHER-NOT: ERROR: MPISync: scaling-guard on rank 0
// GATHER: gather: bytes ok
//
// SCATTER: ERROR: MPISync: scaling-guard on rank
// SCATTER-NEXT: MPI_Scatter: global buffer past a bound (detector G): {{700|400}} elements of 4 bytes x {{[23]}} processes, G_b = {{5600|4800}} > 4000 (bounds file line 5)
// SSPLIT-NEXT: avoided with split (W1-A): MPI_Scatter on sub-communicators of at most 2 processes, each holding the root, here:
// BYTES-NEXT: avoided with rounds (W1-B): 2 rounds of MPI_Scatter with at most 500 elements per process, here:
// NOBIG-NEXT: not avoided: bigtype (W2) does not apply (a reduction, or the big datatype still crosses a bound); the call went to MPI unchanged, here:
// SCATTER: scatter: bytes ok
//
// ALLGATHER: MPI_Allgather: global buffer past a bound (detector G)
// ALLGATHER: allgather: bytes ok
// ALLTOALL: MPI_Alltoall: global buffer past a bound (detector G)
// ALLTOALL: alltoall: bytes ok
// BCAST: MPI_Bcast: global buffer past a bound (detector G): 1400 elements of 4 bytes x 2 processes, G_b = 5600 > 4000 (bounds file line 8)
// BCAST-NEXT: avoided with rounds (W1-B): 2 rounds of MPI_Bcast with at most 1000 elements per process, here:
// BCAST: bcast: bytes ok
// REDUCE: MPI_Reduce: count past a bound (detector X): n = 700 > 300 at s = 4, P >= 2 (bounds file line 9)
// REDUCE-NEXT: avoided with rounds (W1-B): 3 rounds of MPI_Reduce with at most 300 elements per process, here:
// REDUCE: reduce: bytes ok
// ALLREDUCE: MPI_Allreduce: global buffer past a bound (detector G): 1400 elements
// ALLREDUCE-NEXT: avoided with rounds (W1-B): 2 rounds of MPI_Allreduce with at most 1000
// ALLREDUCE: allreduce_in_place: bytes ok
// IGATHER: MPI_Igather: global buffer past a bound (detector G)
// IGATHER-NEXT: avoided with bigtype (W2): MPI_Igather with one element of a contiguous datatype of 700 elements per process, here:
// IGATHER: igather: bytes ok
// IALLREDUCE: MPI_Iallreduce: global buffer past a bound (detector G)
// IALLREDUCE-NEXT: not avoided: rounds (W1-B) would make the nonblocking call blocking; the call went to MPI unchanged, here:
// IALLREDUCE: iallreduce: bytes ok
// RSB: MPI_Reduce_scatter_block: global buffer past a bound (detector G): 1400 elements
// RSB-NEXT: not avoided: no strategy applies to this collective; the call went to MPI unchanged
// RSB: reduce_scatter_block: bytes ok
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int N = 700; // elements per process (argv[2])
static int rank, size;

static int value(int who, int i) { return who * 100000 + i; }

static void verdict(const char *name, int ok) {
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0)
    fprintf(stderr, "%s: bytes %s\n", name, all ? "ok" : "WRONG");
}

static int *blocks(int owner_is_index) {
  int *p = malloc(sizeof(int) * N * size);
  for (int b = 0; b < size; b++)
    for (int i = 0; i < N; i++)
      p[b * N + i] = value(owner_is_index ? b : rank * size + b, i);
  return p;
}

static void run_gather(int in_place, int nonblocking) {
  int mine[N], *all = malloc(sizeof(int) * N * size);
  for (int i = 0; i < N; i++)
    mine[i] = value(rank, i);
  memset(all, 0, sizeof(int) * N * size);
  if (rank == 0 && in_place)
    memcpy(all, mine, sizeof(mine));
  const void *send = rank == 0 && in_place ? MPI_IN_PLACE : mine;
  if (nonblocking) {
    MPI_Request req;
    MPI_Igather(send, N, MPI_INT, all, N, MPI_INT, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Gather(send, N, MPI_INT, all, N, MPI_INT, 0, MPI_COMM_WORLD);
  }
  int *want = blocks(1);
  verdict(nonblocking ? "igather" : "gather",
          rank != 0 || !memcmp(all, want, sizeof(int) * N * size));
  free(all);
  free(want);
}

static void run_scatter(void) {
  int mine[N], *all = blocks(1);
  MPI_Scatter(all, N, MPI_INT, mine, N, MPI_INT, 0, MPI_COMM_WORLD);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= mine[i] == value(rank, i);
  verdict("scatter", ok);
  free(all);
}

static void run_allgather(int in_place) {
  int mine[N], *all = calloc(N * size, sizeof(int));
  for (int i = 0; i < N; i++)
    mine[i] = value(rank, i);
  if (in_place)
    memcpy(all + rank * N, mine, sizeof(mine));
  MPI_Allgather(in_place ? MPI_IN_PLACE : mine, N, MPI_INT, all, N, MPI_INT, MPI_COMM_WORLD);
  int *want = blocks(1);
  verdict("allgather", !memcmp(all, want, sizeof(int) * N * size));
  free(all);
  free(want);
}

// Block b of rank r's send buffer carries (r, b); rank r receives block r
// of every rank.
static void run_alltoall(int in_place) {
  int *out = blocks(0), *in = calloc(N * size, sizeof(int));
  if (in_place)
    memcpy(in, out, sizeof(int) * N * size);
  MPI_Alltoall(in_place ? MPI_IN_PLACE : out, N, MPI_INT, in, N, MPI_INT, MPI_COMM_WORLD);
  int ok = 1;
  for (int b = 0; b < size; b++)
    for (int i = 0; i < N; i++)
      ok &= in[b * N + i] == value(b * size + rank, i);
  verdict("alltoall", ok);
  free(out);
  free(in);
}

static void run_bcast(void) {
  int buf[2 * N];
  for (int i = 0; i < 2 * N; i++)
    buf[i] = rank == 0 ? value(7, i) : -1;
  MPI_Bcast(buf, 2 * N, MPI_INT, 0, MPI_COMM_WORLD);
  int ok = 1;
  for (int i = 0; i < 2 * N; i++)
    ok &= buf[i] == value(7, i);
  verdict("bcast", ok);
}

static int reduced(int i) {
  int sum = 0;
  for (int r = 0; r < size; r++)
    sum += value(r, i) % 1000;
  return sum;
}

static void run_reduce(int all, int in_place, int nonblocking) {
  int in[2 * N], out[2 * N];
  int n = all ? 2 * N : N;
  for (int i = 0; i < n; i++)
    in[i] = out[i] = value(rank, i) % 1000;
  const void *send = in_place ? MPI_IN_PLACE : in;
  MPI_Request req = MPI_REQUEST_NULL;
  if (!all)
    MPI_Reduce(send, out, n, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  else if (nonblocking)
    MPI_Iallreduce(send, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
  else
    MPI_Allreduce(send, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (nonblocking)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  int ok = 1;
  for (int i = 0; i < n && (all || rank == 0); i++)
    ok &= out[i] == reduced(i);
  verdict(!all ? "reduce" : nonblocking ? "iallreduce" : in_place ? "allreduce_in_place" : "allreduce", ok);
}

static void run_reduce_scatter_block(void) {
  int in[2 * N], out[N];
  for (int i = 0; i < 2 * N; i++)
    in[i] = value(rank, i) % 1000;
  MPI_Reduce_scatter_block(in, out, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= out[i] == reduced(rank * N + i);
  verdict("reduce_scatter_block", ok);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *w = argc > 1 ? argv[1] : "gather";
  if (argc > 2)
    N = atoi(argv[2]);
  if (!strcmp(w, "gather") || !strcmp(w, "gather_in_place"))
    run_gather(!strcmp(w, "gather_in_place"), 0);
  else if (!strcmp(w, "igather"))
    run_gather(0, 1);
  else if (!strcmp(w, "scatter"))
    run_scatter();
  else if (!strncmp(w, "allgather", 9))
    run_allgather(!strcmp(w, "allgather_in_place"));
  else if (!strncmp(w, "alltoall", 8))
    run_alltoall(!strcmp(w, "alltoall_in_place"));
  else if (!strcmp(w, "bcast"))
    run_bcast();
  else if (!strcmp(w, "reduce"))
    run_reduce(0, 0, 0);
  else if (!strcmp(w, "allreduce_in_place"))
    run_reduce(1, 1, 0);
  else if (!strcmp(w, "iallreduce"))
    run_reduce(1, 0, 1);
  else if (!strcmp(w, "reduce_scatter_block"))
    run_reduce_scatter_block();
  MPI_Finalize();
  return 0;
}
