// MPI 4.1 12.2.1: the memory of a window made with MPI_Win_create belongs
// to it until MPI_Win_free (12.2.4: attached memory until MPI_Win_detach);
// releasing it first lets other processes' RMA land in memory the
// allocator hands out again. free() of it (CASE=1) is pending-buffer-freed,
// a local array leaving scope with its window alive (CASE=2) is
// stack-buffer-out-of-scope; both name the release and the window's
// creation. Twin (-DFIXED): MPI_Win_free first, and the window on the
// stack is freed inside its scope: clean.
// Each rank reports its own window memory: the reports go to one log per
// rank, read one after the other.
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 %s -o %t.1
// RUN: rm -f %t.log1.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log1\" not %mpiexec -n 2 %t.1
// RUN: cat %t.log1.* | FileCheck %s --check-prefix=C1
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 %s -o %t.2
// RUN: rm -f %t.log2.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log2\" not %mpiexec -n 2 %t.2
// RUN: cat %t.log2.* | FileCheck %s --check-prefix=C2
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 -DFIXED %s -o %t.ok1
// RUN: %mpiexec -n 2 %t.ok1 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 -DFIXED %s -o %t.ok2
// RUN: %mpiexec -n 2 %t.ok2 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int sum_window(MPI_Win win, int *mem) {
  MPI_Win_fence(0, win);
  int rank, one = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Put(&one, 1, MPI_INT, 1 - rank, rank, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  return mem[0] + mem[1];
}

#if CASE == 2
// The window outlives the array it exposes (unless FIXED).
static MPI_Win scoped_window(int *sum) {
  int local[64] = {0};
  MPI_Win win;
  MPI_Win_create(local, sizeof(local), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win); // @create2
  *sum = sum_window(win, local);
#ifdef FIXED
  MPI_Win_free(&win);
#endif
  return win;
} // @scope
// C2: ERROR: MPISync: stack-buffer-out-of-scope on rank {{[01]}}
// C2-NEXT: the end of a stack object's scope releases [{{.*}}) on rank {{[01]}}, memory of a window that is still alive (MPI_Win_free, or MPI_Win_detach, must come first):
// C2-NEXT: #0 {{.*}} in scoped_window {{.*}}window_memory_freed.c:[[@LINE-3]]
// C2: The window was created by MPI_Win_create here:
// C2-NEXT: #0 {{.*}} in scoped_window {{.*}}window_memory_freed.c:[[@LINE-12]]
// C2: SUMMARY: MPISync: stack-buffer-out-of-scope {{.*}}window_memory_freed.c:[[@LINE-6]]{{.*}}; MPI_Win_create at {{.*}}window_memory_freed.c:[[@LINE-13]]
#endif

int main(int argc, char **argv) {
  int rank, sum = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#if CASE == 1
  int *mem = calloc(64, sizeof(int));
  MPI_Win win;
  MPI_Win_create(mem, 64 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win); // @create1
  sum = sum_window(win, mem);
#ifdef FIXED
  MPI_Win_free(&win);
  free(mem);
#else
  free(mem);
  // C1: ERROR: MPISync: pending-buffer-freed on rank {{[01]}}
  // C1-NEXT: free() releases [{{.*}}) on rank {{[01]}}, memory of a window that is still alive (MPI_Win_free, or MPI_Win_detach, must come first):
  // C1-NEXT: #0 {{.*}} in main {{.*}}window_memory_freed.c:[[@LINE-3]]
  // C1: The window was created by MPI_Win_create here:
  // C1-NEXT: #0 {{.*}} in main {{.*}}window_memory_freed.c:[[@LINE-12]]
  // C1: SUMMARY: MPISync: pending-buffer-freed {{.*}}window_memory_freed.c:[[@LINE-6]]{{.*}}; MPI_Win_create at {{.*}}window_memory_freed.c:[[@LINE-13]]
  MPI_Win_free(&win);
#endif
#else
  MPI_Win win = scoped_window(&sum);
#ifndef FIXED
  MPI_Win_free(&win);
#endif
#endif
  printf("rank %d sum %d\n", rank, sum);
  // OK: rank {{[01]}} sum 1
  MPI_Finalize();
  return 0;
}
