// A collective on a communicator that holds only some of a window's members
// orders those members as a collective on all of them would: the window is
// on MPI_COMM_WORLD (3 ranks), rank 0 Puts into rank 1's window and
// unlocks, ranks 0 and 1 then meet in a collective on a communicator of the
// two, and rank 1 reads the element. Clean (they were not ordered: a false
// rma-remote-conflict): MPI_Barrier (default), MPI_Allreduce (-DALLREDUCE),
// MPI_Reduce rooted at rank 1 (-DREDUCE_TO_READER). Errors: MPI_Reduce
// rooted at rank 0 orders nothing before rank 1 (-DREDUCE_TO_WRITER), and
// rank 2, outside the pair, Puts instead of rank 0 (-DOUTSIDER): both
// reported at rank 1's load with the Put's line.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 3 %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DALLREDUCE %s -o %t.allreduce
// RUN: %mpiexec -n 3 %t.allreduce 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DREDUCE_TO_READER %s -o %t.reader
// RUN: %mpiexec -n 3 %t.reader 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DREDUCE_TO_WRITER %s -o %t.writer
// RUN: not %mpiexec -n 3 %t.writer 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DOUTSIDER %s -o %t.outsider
// RUN: not %mpiexec -n 3 %t.outsider 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

#ifdef OUTSIDER
#define WRITER 2
#else
#define WRITER 0
#endif

int main(int argc, char **argv) {
  int rank, *mem, value = 21, x = 1, y = 0, seen = -1;
  MPI_Comm pair;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &pair);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == WRITER) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // PUT
    MPI_Win_unlock(1, win);
  }
  if (rank < 2) {
#if defined(ALLREDUCE)
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, pair);
#elif defined(REDUCE_TO_READER)
    MPI_Reduce(&x, &y, 1, MPI_INT, MPI_SUM, 1, pair);
#elif defined(REDUCE_TO_WRITER)
    MPI_Reduce(&x, &y, 1, MPI_INT, MPI_SUM, 0, pair);
#else
    MPI_Barrier(pair);
#endif
  }
  if (rank == 1)
    seen = mem[0]; // LOAD
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    printf("rank 1 seen %d\n", seen);
  // OK: rank 1 seen 21
  if (rank < 2)
    MPI_Comm_free(&pair);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}subcomm_collective.c:59:{{[0-9]+}} in main; MPI_Put at {{.*}}subcomm_collective.c:44:{{[0-9]+}} in main
