// MPI 4.1 12.2.4: memory attached to a dynamic window stays the window's
// until MPI_Win_detach. Rank 0 attaches two blocks and frees the second
// before detaching it: pending-buffer-freed at the free(), naming the
// MPI_Win_attach of that block (it named MPI_Win_create_dynamic, which
// does not tell which of several attached blocks was meant). Twin
// (-DFIXED): detached first, clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *first = malloc(32 * sizeof(double));
  double *second = malloc(32 * sizeof(double));
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_attach(win, first, 32 * sizeof(double));
  MPI_Win_attach(win, second, 32 * sizeof(double)); // ATTACH
  MPI_Win_fence(0, win);
  MPI_Win_fence(0, win);
#ifndef FIXED
  if (rank == 0)
    free(second); // FREE
#endif
  MPI_Win_detach(win, second);
  MPI_Win_detach(win, first);
#ifdef FIXED
  free(second);
#endif
  MPI_Win_free(&win);
  free(first);
  printf("rank %d done\n", rank);
  // OK: rank {{[01]}} done
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: pending-buffer-freed on rank 0
// CHECK: free() releases [{{.*}}) on rank 0, memory of a window that is still alive
// CHECK-NEXT: #0 {{.*}} in main {{.*}}attached_memory_freed.c:29
// CHECK: It was attached to a window created by MPI_Win_create_dynamic, here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}attached_memory_freed.c:24
// CHECK: SUMMARY: MPISync: pending-buffer-freed {{.*}}attached_memory_freed.c:29:{{[0-9]+}} in main; MPI_Win_attach at {{.*}}attached_memory_freed.c:24:{{[0-9]+}} in main
