// MPI 4.1 12.5.1: MPI_Win_fence is collective over the window's group.
// Rank 0 calls it once more than rank 1, which goes on to MPI_Win_free:
// natively the job hangs without a word. Before either call enters MPI the
// members compare their fence counts: each reports the state of every
// member and the job stops instead of hanging (both logs are read).
// Twin (-DFIXED): the same number of fences: clean. A second window of the
// same group, never fenced, keeps its own count.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// Each rank's log by its rank (%r), read in rank order: their process ids
// need not be.
// RUN: rm -f %t.log.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log.%r\" not %mpiexec -n 2 %t
// RUN: cat %t.log.0* %t.log.1* | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, *mem2, v = 3;
  MPI_Win win, kept;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win); // @create
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem2, &kept);
  MPI_Win_fence(0, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
#ifdef FIXED
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#else
  if (rank == 0)
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win); // @fence
#endif
  MPI_Win_free(&win); // @free
  MPI_Win_free(&kept);
  printf("rank %d done\n", rank);
  // OK-DAG: rank 0 done
  // OK-DAG: rank 1 done
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-epoch-misuse on rank 0
// CHECK-NEXT: MPI_Win_fence on rank 0: the members of the window call MPI_Win_fence a different number of times, and the job would hang here: rank 0 is in MPI_Win_fence after 1 fences; rank 1 is in MPI_Win_free or MPI_Finalize after 1 fences
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_count_mismatch.c:34
// CHECK: The window was created here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_count_mismatch.c:24
// CHECK: ABORTING: the job would hang in mismatched MPI_Win_fence calls
// CHECK: ERROR: MPISync: rma-epoch-misuse on rank 1
// CHECK-NEXT: MPI_Win_free on rank 1: the members of the window call MPI_Win_fence a different number of times
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_count_mismatch.c:36
