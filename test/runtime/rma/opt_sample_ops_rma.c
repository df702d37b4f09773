// sample_ops=N samples RMA communication calls too: an operation not
// drawn is let through (no origin buffer pending, no record at the
// target), one drawn is checked in full. Errors that recur every epoch are
// still found at their lines: rank 0 reads its MPI_Get's result buffer
// before the closing fence (origin side), ranks 0 and 1 both MPI_Put into
// element 0 of rank 1's window in one epoch (target side). stats=1 counts
// the RMA operations among those drawn (some, not all, of the 400 rank 0
// issues). The epoch is checked on every call, drawn or not: with
// sample_ops=1000000 (nothing drawn) the recurring errors go unseen, and an
// MPI_Put after the closing fence (-DMISUSE) is still misuse. The correct
// program (-DFIXED: the read after the fence, rank 0 puts into element 1,
// MPI_Rput and MPI_Rget with their requests waited) is clean under sampling.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=sample_ops=16:seed=7:stats=1 not %mpiexec -n 2 %t > %t.sampled 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,STATS16 < %t.sampled
// RUN: FileCheck %s --check-prefix=CONFLICT < %t.sampled
// RUN: env MPISYNC_OPTIONS=sample_ops=1000000:stats=1 %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=ERROR
// RUN: %mpicc -fsanitize=mpisync -g -DMISUSE %s -o %t.misuse
// RUN: env MPISYNC_OPTIONS=sample_ops=1000000 not %mpiexec -n 2 %t.misuse 2>&1 | FileCheck %s --check-prefix=MISUSE
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: env MPISYNC_OPTIONS=sample_ops=3:stats=1 %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefixes=OK,STATS3 --implicit-check-not=ERROR
#include <mpi.h>
#include <stdio.h>

#define EPOCHS 200

#ifdef FIXED
#define RANK0_DISP 1
#else
#define RANK0_DISP 0
#endif

int main(int argc, char **argv) {
  int rank;
  long mem[4] = {0, 0, 0, 0}, got[2] = {0, 0}, value, sum = 0;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(mem, sizeof(mem), sizeof(long), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  for (int e = 0; e < EPOCHS; e++) {
    value = 10 * e + rank;
    MPI_Put(&value, 1, MPI_LONG, 1, rank ? 0 : RANK0_DISP, 1, MPI_LONG, win);
    MPI_Get(got, 2, MPI_LONG, 1, 2, 2, MPI_LONG, win);
#ifndef FIXED
    if (rank == 0)
      sum += got[0];
#endif
    MPI_Win_fence(e == EPOCHS - 1 ? MPI_MODE_NOSUCCEED : 0, win);
    sum += got[1];
  }
#ifdef FIXED
  // Request-based operations under sampling: a request the runtime did
  // not track is waited like any other.
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < 8; i++) {
    MPI_Request reqs[2];
    value = i;
    MPI_Rput(&value, 1, MPI_LONG, 1 - rank, 3, 1, MPI_LONG, win, &reqs[0]);
    MPI_Rget(got, 1, MPI_LONG, rank, 2, 1, MPI_LONG, win, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Win_flush_all(win);
    sum += got[0];
  }
  MPI_Win_unlock_all(win);
#endif
#ifdef MISUSE
  if (rank == 0)
    MPI_Put(&value, 1, MPI_LONG, 1, 3, 1, MPI_LONG, win);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  printf("hello %d %ld\n", rank, sum > 0 ? 1L : 0L);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-result-buffer-access on rank 0
// CHECK: READ of size 8 at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in main {{.*}}opt_sample_ops_rma.c:48
// CHECK: receive buffer {{.*}} of a pending MPI_Get
// CHECK-NEXT: #0 {{.*}} in main {{.*}}opt_sample_ops_rma.c:45
// CONFLICT: ERROR: MPISync: rma-remote-conflict on rank 1
// CONFLICT: WRITE of 8 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank {{[01]}}, issued here:
// CONFLICT: #0 {{.*}} in main {{.*}}opt_sample_ops_rma.c:44
// CONFLICT: SUMMARY: MPISync: rma-remote-conflict {{.*}}opt_sample_ops_rma.c:44{{.*}}; MPI_Put at {{.*}}opt_sample_ops_rma.c:44
// STATS16: operations tracked {{[1-9][0-9]?}} of 400 (sample_ops=16)
// NONE-DAG: hello 0
// NONE-DAG: operations tracked 0 of 400 (sample_ops=1000000)
// MISUSE: ERROR: MPISync: rma-epoch-misuse on rank 0
// MISUSE: outside any access epoch
// MISUSE: #0 {{.*}} in main {{.*}}opt_sample_ops_rma.c:70
// OK-DAG: hello 0
// OK-DAG: hello 1
// STATS3: operations tracked {{[1-9][0-9]+}} of 416 (sample_ops=3)
