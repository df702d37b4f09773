// Loads and stores of rank 0's own window memory with RMA operations to
// rank 0 itself between them. A record of consecutive accesses grows past
// the MPI calls between them only where that cannot hide or invent a
// conflict (runtime/mpisync_rma_records.cpp, TakesAccessNow), and an
// operation on bytes whose window bits an earlier access had cleared sets
// them again (RewatchOperationTarget), so the access after it is checked.
// READS_GETS_OK: loads and Gets of the same elements, one of each per
// element: reads do not conflict; no report.
// STORES_FLUSH_OK: in a lock_all epoch, each store comes before the Put
// that writes its element and a flush completes the Put before the next
// store: ordered; no report.
// STORES_RGET_OK: in a fence epoch, each store comes before the MPI_Rget
// that reads its element, and the Rget's MPI_Wait completes it before the
// next store: ordered; no report (a record of all the stores, from the
// first to the last, would seem to overlap every Rget).
// READ_RGET_STORE_OK: twice an MPI_Rget of an element that MPI_Wait
// completes, then a load of it; then a store to it: no report (the store's
// record does not take in the loads' record, which grew across the second
// Rget: the loads do not conflict with it, a store from the first load on
// would).
// REMOTE_PUT_UPDATE: rank 1 Puts into element 3 while rank 0 updates every
// element in place (x[i] = x[i] + 1): the store's record stands for the
// load of the same element and line, so the report names the store.
// STORE_THEN_GET: each store writes the element the previous Get reads
// while that Get is still pending: a conflict at the store.
// LOAD_THEN_PUT: each load reads the element the previous Put writes: a
// conflict at the load.
// STORE_PUT_STORE: a store, a Put of the same element, the same store
// again: the second store conflicts (the first cleared the element's bits).
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=READS_GETS_OK %s -o %t.r
// RUN: %mpiexec -n 2 %t.r 2>&1 | FileCheck %s --check-prefix=OKR --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=STORES_FLUSH_OK %s -o %t.f
// RUN: %mpiexec -n 2 %t.f 2>&1 | FileCheck %s --check-prefix=OKF --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=STORES_RGET_OK %s -o %t.w
// RUN: %mpiexec -n 2 %t.w 2>&1 | FileCheck %s --check-prefix=OKW --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=READ_RGET_STORE_OK %s -o %t.rgs
// RUN: %mpiexec -n 2 %t.rgs 2>&1 | FileCheck %s --check-prefix=OKRGS --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=REMOTE_PUT_UPDATE %s -o %t.u
// RUN: not %mpiexec -n 2 %t.u 2>&1 | FileCheck %s --check-prefix=UPD
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=STORE_THEN_GET %s -o %t.sg
// RUN: not %mpiexec -n 2 %t.sg 2>&1 | FileCheck %s --check-prefix=SG
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=LOAD_THEN_PUT %s -o %t.lp
// RUN: not %mpiexec -n 2 %t.lp 2>&1 | FileCheck %s --check-prefix=LP
// RUN: %mpicc -fsanitize=mpisync -O1 -g -DCASE=STORE_PUT_STORE %s -o %t.sps
// RUN: not %mpiexec -n 2 %t.sps 2>&1 | FileCheck %s --check-prefix=SPS
#include <mpi.h>
#include <stdio.h>

#define READS_GETS_OK 1
#define STORES_FLUSH_OK 2
#define STORE_THEN_GET 3
#define LOAD_THEN_PUT 4
#define STORE_PUT_STORE 5
#define STORES_RGET_OK 6
#define READ_RGET_STORE_OK 7
#define REMOTE_PUT_UPDATE 8
#define N 64

int main(int argc, char **argv) {
  int rank;
  int *mem, got[N], one = 1;
  long sum = 0;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate((N + 1) * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i <= N; i++)
    mem[i] = i;
#if CASE == STORES_FLUSH_OK
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
#pragma clang loop unroll(disable)
    for (int i = 0; i < N; i++) {
      mem[i] = -i;
      MPI_Put(&one, 1, MPI_INT, 0, i, 1, MPI_INT, win);
      MPI_Win_flush(0, win);
    }
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
#else
  MPI_Win_fence(0, win);
  if (rank == 0) {
#pragma clang loop unroll(disable)
    for (int i = 0; i < N; i++) {
#if CASE == READS_GETS_OK
      sum += mem[i];
      MPI_Get(&got[i], 1, MPI_INT, 0, i, 1, MPI_INT, win);
#elif CASE == STORES_RGET_OK
      MPI_Request req;
      mem[i] = -i;
      MPI_Rget(&got[i], 1, MPI_INT, 0, i, 1, MPI_INT, win, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
#elif CASE == READ_RGET_STORE_OK
      int v = 0;
#pragma clang loop unroll(disable)
      for (int rep = 0; rep < 2; rep++) {
        MPI_Request req;
        MPI_Rget(&got[i], 1, MPI_INT, 0, 2 * (i / 2), 1, MPI_INT, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        v += mem[2 * (i / 2)];
      }
      mem[2 * (i / 2)] = v;
#elif CASE == REMOTE_PUT_UPDATE
      mem[i] = mem[i] + 1;
      // UPD: ERROR: MPISync: rma-remote-conflict on rank 0
      // UPD: WRITE of {{[0-9]+}} bytes at offset {{.*}} of rank 0's window memory by rank 0 (a store), here:
      // UPD-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-3]]
      // UPD: WRITE of 4 bytes at offset 0xc of rank 0's window memory by MPI_Put on rank 1, issued here:
      // UPD-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE+33]]
#elif CASE == STORE_THEN_GET
      mem[i] = -i;
      MPI_Get(&got[i], 1, MPI_INT, 0, i + 1, 1, MPI_INT, win);
      // SG: ERROR: MPISync: rma-local-conflict on rank 0
      // SG: WRITE of 4 bytes at offset {{.*}} of rank 0's window memory by rank 0 (a store), here:
      // SG-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-4]]
      // SG: READ of 4 bytes at offset {{.*}} of rank 0's window memory by MPI_Get on rank 0, issued here:
      // SG-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-5]]
#elif CASE == LOAD_THEN_PUT
      sum += mem[i];
      MPI_Put(&one, 1, MPI_INT, 0, i + 1, 1, MPI_INT, win);
      // LP: ERROR: MPISync: rma-local-conflict on rank 0
      // LP: READ of 4 bytes at offset {{.*}} of rank 0's window memory by rank 0 (a load), here:
      // LP-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-4]]
      // LP: WRITE of 4 bytes at offset {{.*}} of rank 0's window memory by MPI_Put on rank 0, issued here:
      // LP-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-5]]
#elif CASE == STORE_PUT_STORE
      if (i == 0) {
        mem[0] = 7;
        MPI_Put(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        mem[0] = 8;
        // SPS: ERROR: MPISync: rma-local-conflict on rank 0
        // SPS: WRITE of 4 bytes at offset 0x0 of rank 0's window memory by rank 0 (a store), here:
        // SPS-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-3]]
        // SPS: WRITE of 4 bytes at offset 0x0 of rank 0's window memory by MPI_Put on rank 0, issued here:
        // SPS-NEXT: #0 {{.*}} in main {{.*}}self_ops_between_accesses.c:[[@LINE-6]]
      }
#endif
    }
  }
#if CASE == REMOTE_PUT_UPDATE
  if (rank == 1)
    MPI_Put(&one, 1, MPI_INT, 0, 3, 1, MPI_INT, win);
#endif
  MPI_Win_fence(0, win);
#endif
#if CASE == READS_GETS_OK
  if (rank == 0)
    for (int i = 0; i < N; i++)
      sum += got[i] == i;
  // OKR: rank 0 sum 2080
#elif CASE == STORES_FLUSH_OK
  if (rank == 0)
    for (int i = 0; i < N; i++)
      sum += mem[i];
  // OKF: rank 0 sum 64
#elif CASE == STORES_RGET_OK
  if (rank == 0)
    for (int i = 0; i < N; i++)
      sum += got[i] == -i;
  // OKW: rank 0 sum 64
#elif CASE == READ_RGET_STORE_OK
  if (rank == 0)
    for (int i = 0; i < N; i++)
      sum += mem[i];
  // OKRGS: rank 0 sum 4992
#endif
  if (rank == 0)
    printf("rank %d sum %ld\n", rank, sum);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
