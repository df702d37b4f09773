// Detector D (docs/scaling-guard.md): each irregular collective gets a
// displacement array whose last entry overflowed int (blocks 1.5 GiB apart,
// the last at 3 GiB, computed in 32 bits), as in Li et al.'s Prob. 9. The
// buffers are sparse mappings (only the touched pages cost memory), so the
// test is fast. The program
// is compiled with MPICH's own mpicc (no instrumentation): the guard needs
// only the link step with -fsanitize=mpisync.
// The guard recovers the true displacement, reports once per call site and
// avoids the problem; the program checks every byte against the correct
// placement and exits 66 (a D report is an error).
// REQUIRES: mpi-4
// RUN: %plain_mpicc -g -c %s -o %t.o
// RUN: %mpicc -fsanitize=mpisync %t.o -o %t
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t gatherv 2>&1 | FileCheck %s --check-prefixes=ROOTED,GATHERV,LARGE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=rounds not %mpiexec -n 2 %t gatherv 2>&1 | FileCheck %s --check-prefixes=ROOTED,GATHERV,ROUNDS
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=split not %mpiexec -n 2 %t gatherv 2>&1 | FileCheck %s --check-prefixes=ROOTED,GATHERV,SPLIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=bigtype not %mpiexec -n 2 %t gatherv 2>&1 | FileCheck %s --check-prefixes=ROOTED,GATHERV,BIGTYPE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=split not %mpiexec -n 3 %t gatherv 2>&1 | FileCheck %s --check-prefixes=ROOTED,GATHERV,SPLIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=rounds not %mpiexec -n 3 %t scatterv 2>&1 | FileCheck %s --check-prefixes=ROOTED,SCATTERV,ROUNDS
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=split not %mpiexec -n 3 %t scatterv 2>&1 | FileCheck %s --check-prefixes=ROOTED,SCATTERV,SPLIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=bigtype not %mpiexec -n 2 %t scatterv 2>&1 | FileCheck %s --check-prefixes=ROOTED,SCATTERV,BIGTYPE
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t scatterv 2>&1 | FileCheck %s --check-prefixes=ROOTED,SCATTERV,LARGE
// A D report is an error: halt_on_error stops the root at it.
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:halt_on_error=1 not %mpiexec -n 2 %t gatherv 2>&1 | FileCheck %s --check-prefix=HALT --implicit-check-not="bytes ok"
// HALT: ERROR: MPISync: scaling-guard on rank 0
// HALT: ABORTING (halt_on_error=1)
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t igatherv 2>&1 | FileCheck %s --check-prefixes=IGATHERV
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t gatherv_init 2>&1 | FileCheck %s --check-prefixes=GATHERV_INIT
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=split not %mpiexec -n 2 %t allgatherv 2>&1 | FileCheck %s --check-prefixes=ALLGATHERV
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t alltoallv 2>&1 | FileCheck %s --check-prefixes=ALLTOALLV
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t alltoallw 2>&1 | FileCheck %s --check-prefixes=ALLTOALLW
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t neighbor_allgatherv 2>&1 | FileCheck %s --check-prefixes=NEIGHBOR
// RUN: env MPISYNC_OPTIONS=scaling_guard=1 not %mpiexec -n 2 %t ineighbor_alltoallv 2>&1 | FileCheck %s --check-prefixes=INEIGHBOR
//
// ROOTED: ERROR: MPISync: scaling-guard on rank 0
// ROOTED-NEXT: MPI_{{Gatherv|Scatterv}}: displacement overflow (detector D): displs[{{[12]}}] = -1073741824 is 3221225472 before it wrapped around int; the global buffer spans {{1610612752|3221225488}} elements ({{1610612752|3221225488}} bytes) over {{[23]}} processes
// LARGE-NEXT: avoided with large_count: MPI_{{Gatherv|Scatterv}}_c with MPI_Aint displacements, here:
// ROUNDS-NEXT: avoided with rounds (W1-B): {{[12]}} round(s) of MPI_{{Gatherv|Scatterv}}, one per segment of the buffer within INT_MAX elements, here:
// SPLIT-NEXT: avoided with split (W1-A): {{[12]}} sub-communicator(s) holding the root, one MPI_{{Gatherv|Scatterv}} each, here:
// BIGTYPE-NEXT: avoided with bigtype (W2): MPI_{{Gatherv|Scatterv}} with a contiguous datatype of 16 elements (the gcd of counts and displacements), here:
//
//
// IGATHERV: MPI_Igatherv: displacement overflow (detector D): displs[{{[12]}}] = -1073741824 is 3221225472
// IGATHERV-NEXT: avoided with large_count: MPI_Igatherv_c with MPI_Aint displacements, here:
// IGATHERV: igatherv: bytes ok
// GATHERV_INIT: MPI_Gatherv_init: displacement overflow (detector D): displs[1]
// GATHERV_INIT-NEXT: avoided with large_count: MPI_Gatherv_init_c with MPI_Aint
// GATHERV_INIT-NOT: ERROR: MPISync
// GATHERV_INIT: gatherv_init: bytes ok
// ALLGATHERV-DAG: ERROR: MPISync: scaling-guard on rank 0
// ALLGATHERV-DAG: ERROR: MPISync: scaling-guard on rank 1
// ALLGATHERV-DAG: avoided with large_count: MPI_Allgatherv_c with MPI_Aint displacements (split (W1-A) does not apply to MPI_Allgatherv), here:
// ALLGATHERV-DAG: allgatherv: bytes ok
// ALLTOALLV: MPI_Alltoallv: displacement overflow (detector D): sdispls[{{[12]}}] = -1073741824 is 3221225472
// ALLTOALLV: alltoallv: bytes ok
// ALLTOALLW: MPI_Alltoallw: displacement overflow (detector D): sdispls[{{[12]}}] = -1073741824 is 3221225472
// ALLTOALLW: alltoallw: bytes ok
// NEIGHBOR: MPI_Neighbor_allgatherv: displacement overflow (detector D): displs[{{[12]}}] = -1073741824
// NEIGHBOR: neighbor_allgatherv: bytes ok
// INEIGHBOR: MPI_Ineighbor_alltoallv: displacement overflow (detector D): sdispls[{{[12]}}] = -1073741824
// INEIGHBOR: ineighbor_alltoallv: bytes ok
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { kBlock = 16 };
static const unsigned long kFar = 3ul << 30;  // 3 GiB: past INT_MAX
static const unsigned long kStep = 3ul << 29; // 1.5 GiB

static int rank, size;

static char *sparse(void) {
  void *p = mmap(NULL, kFar * 2, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  return p;
}

// Where block i goes: 1.5 GiB apart, the last at 3 GiB; computed the buggy
// way, in int arithmetic that wraps (spelled out as unsigned, converted).
static unsigned long true_displ(int i) { return kFar - (size - 1 - i) * kStep; }
static int int_displ(int i) { return (int)(unsigned)true_displ(i); }

static void fill(char *p, int who) {
  for (int j = 0; j < kBlock; j++)
    p[j] = (char)(who * 16 + j + 1);
}
static int check(const char *p, int who) {
  for (int j = 0; j < kBlock; j++)
    if (p[j] != (char)(who * 16 + j + 1))
      return 0;
  return 1;
}

static void verdict(const char *name, int ok) {
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0)
    fprintf(stderr, "%s: bytes %s\n", name, all ? "ok" : "WRONG");
}

static void arrays(int *counts, int *displs, int n) {
  for (int i = 0; i < n; i++) {
    counts[i] = kBlock;
    displs[i] = int_displ(i);
  }
}

static void run_gatherv(void) {
  char mine[kBlock];
  int counts[8], displs[8];
  fill(mine, rank);
  char *all = rank == 0 ? sparse() : NULL;
  arrays(counts, displs, size);
  MPI_Gatherv(mine, kBlock, MPI_CHAR, all, counts, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
  // GATHERV-NEXT: #0 {{.*}} in run_gatherv {{.*}}d_irregular.c:[[@LINE-1]]
  // GATHERV: SUMMARY: MPISync: scaling-guard {{.*}}d_irregular.c:[[@LINE-2]]:{{[0-9]+}} in run_gatherv; MPI_Gatherv at {{.*}}d_irregular.c:[[@LINE-2]]
  // GATHERV-NOT: ERROR: MPISync
  // GATHERV: gatherv: bytes ok
  int ok = 1;
  for (int i = 0; rank == 0 && i < size; i++)
    ok &= check(all + true_displ(i), i);
  verdict("gatherv", ok);
}

static void run_igatherv(int persistent) {
  char mine[kBlock];
  int counts[8], displs[8];
  fill(mine, rank);
  char *all = rank == 0 ? sparse() : NULL;
  arrays(counts, displs, size);
  MPI_Request req;
  if (persistent) {
    MPI_Gatherv_init(mine, kBlock, MPI_CHAR, all, counts, displs, MPI_CHAR, 0,
                     MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
  } else {
    MPI_Igatherv(mine, kBlock, MPI_CHAR, all, counts, displs, MPI_CHAR, 0,
                 MPI_COMM_WORLD, &req);
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  if (persistent)
    MPI_Request_free(&req);
  int ok = 1;
  for (int i = 0; rank == 0 && i < size; i++)
    ok &= check(all + true_displ(i), i);
  verdict(persistent ? "gatherv_init" : "igatherv", ok);
}

static void run_scatterv(void) {
  char mine[kBlock];
  int counts[8], displs[8];
  char *all = NULL;
  if (rank == 0) {
    all = sparse();
    for (int i = 0; i < size; i++)
      fill(all + true_displ(i), i);
  }
  arrays(counts, displs, size);
  MPI_Scatterv(all, counts, displs, MPI_CHAR, mine, kBlock, MPI_CHAR, 0, MPI_COMM_WORLD);
  // SCATTERV: #0 {{.*}} in run_scatterv {{.*}}d_irregular.c:[[@LINE-1]]
  // SCATTERV-NOT: ERROR: MPISync
  // SCATTERV: scatterv: bytes ok
  verdict("scatterv", check(mine, rank));
}

static void run_allgatherv(void) {
  char mine[kBlock];
  int counts[8], displs[8];
  fill(mine, rank);
  char *all = sparse();
  arrays(counts, displs, size);
  MPI_Allgatherv(mine, kBlock, MPI_CHAR, all, counts, displs, MPI_CHAR, MPI_COMM_WORLD);
  int ok = 1;
  for (int i = 0; i < size; i++)
    ok &= check(all + true_displ(i), i);
  verdict("allgatherv", ok);
}

// Block i of the send buffer goes to rank i; it carries (rank, i).
static void run_alltoall(int w) {
  int counts[8], displs[8];
  char *out = sparse(), *in = sparse();
  arrays(counts, displs, size);
  for (int i = 0; i < size; i++)
    fill(out + true_displ(i), rank * size + i);
  if (w) {
    MPI_Datatype types[8];
    for (int i = 0; i < size; i++)
      types[i] = MPI_CHAR;
    MPI_Alltoallw(out, counts, displs, types, in, counts, displs, types, MPI_COMM_WORLD);
  } else {
    MPI_Alltoallv(out, counts, displs, MPI_CHAR, in, counts, displs, MPI_CHAR, MPI_COMM_WORLD);
  }
  int ok = 1;
  for (int i = 0; i < size; i++)
    ok &= check(in + true_displ(i), i * size + rank);
  verdict(w ? "alltoallw" : "alltoallv", ok);
}

// A ring of two: each rank's neighbours are (left, right).
static MPI_Comm ring(void) {
  int periods = 1, dims = size;
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &dims, &periods, 0, &cart);
  return cart;
}

static void run_neighbor_allgatherv(void) {
  char mine[kBlock];
  int counts[2], displs[2];
  MPI_Comm cart = ring();
  fill(mine, rank);
  char *all = sparse();
  arrays(counts, displs, 2);
  MPI_Neighbor_allgatherv(mine, kBlock, MPI_CHAR, all, counts, displs, MPI_CHAR, cart);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  verdict("neighbor_allgatherv",
          check(all + true_displ(0), left) && check(all + true_displ(1), right));
  MPI_Comm_free(&cart);
}

static void run_ineighbor_alltoallv(void) {
  int counts[2], displs[2];
  MPI_Comm cart = ring();
  char *out = sparse(), *in = sparse();
  arrays(counts, displs, 2);
  for (int i = 0; i < 2; i++)
    fill(out + true_displ(i), rank * 2 + i);
  MPI_Request req;
  MPI_Ineighbor_alltoallv(out, counts, displs, MPI_CHAR, in, counts, displs, MPI_CHAR, cart, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  // The correct result: the same exchange on small contiguous buffers.
  char small_out[2 * kBlock], small_in[2 * kBlock];
  int small_displs[2] = {0, kBlock};
  for (int i = 0; i < 2; i++)
    fill(small_out + i * kBlock, rank * 2 + i);
  MPI_Neighbor_alltoallv(small_out, counts, small_displs, MPI_CHAR, small_in, counts,
                         small_displs, MPI_CHAR, cart);
  verdict("ineighbor_alltoallv",
          !memcmp(in + true_displ(0), small_in, kBlock) &&
              !memcmp(in + true_displ(1), small_in + kBlock, kBlock));
  MPI_Comm_free(&cart);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *what = argc > 1 ? argv[1] : "gatherv";
  if (!strcmp(what, "gatherv"))
    run_gatherv();
  else if (!strcmp(what, "igatherv"))
    run_igatherv(0);
  else if (!strcmp(what, "gatherv_init"))
    run_igatherv(1);
  else if (!strcmp(what, "scatterv"))
    run_scatterv();
  else if (!strcmp(what, "allgatherv"))
    run_allgatherv();
  else if (!strcmp(what, "alltoallv"))
    run_alltoall(0);
  else if (!strcmp(what, "alltoallw"))
    run_alltoall(1);
  else if (!strcmp(what, "neighbor_allgatherv"))
    run_neighbor_allgatherv();
  else if (!strcmp(what, "ineighbor_alltoallv"))
    run_ineighbor_alltoallv();
  MPI_Finalize();
  return 0;
}
