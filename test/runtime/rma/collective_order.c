// A blocking collective orders ranks only as far as its data flows: the
// root after the others (MPI_Reduce, MPI_Gather), the others after the root
// (MPI_Bcast, MPI_Scatter), each rank after the lower ones (MPI_Scan), every
// rank after every other (MPI_Allreduce, MPI_Barrier, ...). Rank 0 puts
// into rank 2's window inside a lock_all epoch and flushes; then a
// collective; then rank 2 reads the element. Error (default): MPI_Reduce
// rooted at rank 1 orders nothing before rank 2 (it was taken for a full
// synchronization, and the race missed); -DGATHER: MPI_Gather rooted at
// rank 1, the same. Twins, clean: MPI_Bcast rooted at rank 0 (-DBCAST),
// MPI_Reduce rooted at rank 2 (-DREDUCE_TO_READER), MPI_Scan (-DSCAN).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DGATHER %s -o %t.gather
// RUN: not %mpiexec -n 3 %t.gather > %t.gather.out 2>&1
// RUN: FileCheck %s < %t.gather.out
// RUN: %mpicc -fsanitize=mpisync -g -DBCAST %s -o %t.bcast
// RUN: %mpiexec -n 3 %t.bcast 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DREDUCE_TO_READER %s -o %t.reduce2
// RUN: %mpiexec -n 3 %t.reduce2 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DSCAN %s -o %t.scan
// RUN: %mpiexec -n 3 %t.scan 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, seen = -1, x, y[3];
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank;
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
    int value = 3;
    MPI_Put(&value, 1, MPI_INT, 2, 5, 1, MPI_INT, win); // @put
    MPI_Win_flush(2, win);
  }
#if defined(BCAST)
  MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
#elif defined(REDUCE_TO_READER)
  MPI_Reduce(&x, y, 1, MPI_INT, MPI_SUM, 2, MPI_COMM_WORLD);
#elif defined(SCAN)
  MPI_Scan(&x, y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#elif defined(GATHER)
  MPI_Gather(&x, 1, MPI_INT, y, 1, MPI_INT, 1, MPI_COMM_WORLD);
#else
  MPI_Reduce(&x, y, 1, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD);
#endif
  if (rank == 2) {
    MPI_Win_sync(win);
    seen = mem[5];
  }
  // CHECK: ERROR: MPISync: rma-remote-conflict on rank 2
  // CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}collective_order.c:[[@LINE-3]]:{{[0-9]+}} in main; MPI_Put at {{.*}}collective_order.c:[[@LINE-19]]:{{[0-9]+}} in main
  // CHECK-NOT: ERROR: MPISync
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 2)
    printf("rank 2 seen %d\n", seen);
  // OK: rank 2 seen 3
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
