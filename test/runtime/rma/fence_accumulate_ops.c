// MPI 4.1 12.7.1: concurrent accumulates to one location are atomic with
// respect to each other when they use the same predefined datatype and
// (with the default accumulate_ops info, "same_op_no_op") the same op or
// MPI_NO_OP. Ranks 0 and 2 accumulate into rank 1's counter in one fence
// epoch; rank 0 also reads it atomically with MPI_Fetch_and_op(MPI_NO_OP).
// Error (default): rank 2 uses MPI_MAX while rank 0 uses MPI_SUM.
// Twin (-DFIXED): both MPI_SUM: no conflict.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#ifdef FIXED
#define RANK2_OP MPI_SUM
#else
#define RANK2_OP MPI_MAX
#endif

int main(int argc, char **argv) {
  int rank, *counter;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // 64 bytes: MPICH 4.0 misplaces operations on windows of a few bytes.
  MPI_Win_allocate(64, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &counter, &win);
  *counter = 0;
  MPI_Win_fence(0, win);
  int one = 1, old = -1;
  if (rank == 0) {
    MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win); // @acc0
    MPI_Fetch_and_op(NULL, &old, MPI_INT, 1, 0, MPI_NO_OP, win);
  }
  if (rank == 2)
    MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, RANK2_OP, win); // @acc2
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("counter %d\n", *counter > 0);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK-DAG: atomic UPDATE of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Accumulate on rank 0, issued here:
// CHECK-DAG: atomic UPDATE of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Accumulate on rank 2, issued here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}fence_accumulate_ops.c:{{(34|38)}}{{.*}}; MPI_Accumulate at {{.*}}fence_accumulate_ops.c:{{(34|38)}}
// CHECK-NOT: MPI_Fetch_and_op
// OK: counter 1
