// Error handlers under cloning: MPI_Win_set_errhandler runs on the parent
// only (a clone's window is not MPI's), so a program that sets one and
// uses the window runs as without clones; MPI_Comm_call_errhandler and
// MPI_Win_call_errhandler (a handler run by the program, on the parent's
// handles) are refused with the clear error instead of failing inside MPI
// on a clone (MPICH's errhan/commcall, rma/wincall).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain 2>&1
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1 2>&1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CLEAN < %t.k1
// CHECK: same: {{[0-9]+}} lines
// CLEAN-NOT: MPISync
// CLEAN: rank 0: got 2 from rank 1
// RUN: %mpicc -fsanitize=mpisync -g -DCALL_WIN %s -o %t.win
// RUN: %mpiexec -n 2 %t.win 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t.win 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WIN
// WIN: ERROR: MPISync: clones: MPI_Win_call_errhandler on rank {{[01]}}{{( \(clone 1\))?}}: this call is not mirrored to clones
// RUN: %mpicc -fsanitize=mpisync -g -DCALL_COMM %s -o %t.comm
// RUN: %mpiexec -n 2 %t.comm 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t.comm 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMM
// COMM: ERROR: MPISync: clones: MPI_Comm_call_errhandler on rank {{[01]}}{{( \(clone 1\))?}}: this call is not mirrored to clones
// PLAIN: handler returned
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, *window, got = -1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  // (MPICH 4.0.2 reads a neighbour's window of 4 or 8 bytes wrongly:
  // rank 0 gets its own value; 16 bytes are read right.)
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &window, &win);
  MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  *window = rank + 1;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  MPI_Get(&got, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
  MPI_Win_unlock_all(win);
  printf("rank %d: got %d from rank %d\n", rank, got, (rank + 1) % size);
#if defined(CALL_WIN) || defined(CALL_COMM)
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
#ifdef CALL_WIN
  int rc = MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
#else
  int rc = MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
#endif
  if (rank == 0 && rc == MPI_SUCCESS)
    printf("handler returned\n");
#endif
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
