// Option rma_target_checks=0 (docs/options.md): the origin side only. Rank
// 0 reads the result buffer of its MPI_Get before the closing fence (an
// origin-side error, found either way) while rank 0's MPI_Put and rank 1's
// load meet in rank 1's window memory in the same epoch (a conflict decided
// on the records, found only by default). The program's results are the
// same either way.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.all 2>&1
// RUN: FileCheck %s < %t.all
// RUN: FileCheck %s --check-prefix=ALL < %t.all
// RUN: FileCheck %s --check-prefix=RESULT < %t.all
// RUN: env MPISYNC_OPTIONS=rma_target_checks=0 not %mpiexec -n 2 %t > %t.origin 2>&1
// RUN: FileCheck %s --implicit-check-not=rma-remote-conflict < %t.origin
// RUN: FileCheck %s --check-prefix=RESULT < %t.origin
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 4; i++)
    mem[i] = 100 * rank + i;
  int value = 42, got[2] = {0, 0}, first = 0, seen = -1;
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Get(got, 2, MPI_INT, 1, 0, 2, MPI_INT, win); // @get
    MPI_Put(&value, 1, MPI_INT, 1, 2, 1, MPI_INT, win); // @put
    first = got[0]; // @result-read
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    seen = mem[2]; // @target-read
  MPI_Win_fence(0, win);
  if (rank == 0)
    printf("got %d %d\n", got[0], got[1]);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    printf("now %d\n", mem[2]);
  (void)first;
  (void)seen;
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-result-buffer-access on rank 0
// CHECK: #0 {{.*}} in main {{.*}}opt_rma_target_checks.c:[[@LINE-18]]
// CHECK: SUMMARY: MPISync: rma-result-buffer-access {{.*}}opt_rma_target_checks.c:[[@LINE-19]]{{.*}}; MPI_Get at {{.*}}opt_rma_target_checks.c:[[@LINE-21]]
// ALL: ERROR: MPISync: rma-remote-conflict on rank 1
// ALL: READ of 4 bytes at offset 0x8 of rank 1's window memory by rank 1 (a load), here:
// ALL: #0 {{.*}} in main {{.*}}opt_rma_target_checks.c:[[@LINE-18]]
// ALL: WRITE of 4 bytes at offset 0x8 of rank 1's window memory by MPI_Put on rank 0, issued here:
// ALL: #0 {{.*}} in main {{.*}}opt_rma_target_checks.c:[[@LINE-25]]
// RESULT-DAG: got 100 101
// RESULT-DAG: now 42
