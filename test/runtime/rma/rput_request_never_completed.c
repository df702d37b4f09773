// MPI 4.1 12.3.5: the request of MPI_Rput (MPI_Rget, ...) must be completed
// like any other, even after a flush or an unlock has completed the
// operation itself. A request that is never waited for is reported at
// MPI_Finalize (missing-completion), with where it was started; the flush
// that completed the operation does not excuse the request.
// Twin (-DFIXED): every request is completed with MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 4; i++)
    mem[i] = 10 * rank + i;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Request *reqs = malloc(2 * sizeof(MPI_Request));
  int *got = malloc(2 * sizeof(int));
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < 2; i++)
    MPI_Rget(&got[i], 1, MPI_INT, 1 - rank, i, 1, MPI_INT, win, &reqs[i]);
  MPI_Win_flush_all(win);
#ifdef FIXED
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
#else
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE); // reqs[1] is never completed
#endif
  MPI_Win_unlock_all(win);
  printf("rank %d got %d %d\n", rank, got[0], got[1]);
  // OK-DAG: rank 0 got 10 11
  // OK-DAG: rank 1 got 0 1
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  free(got);
  free(reqs);
  MPI_Finalize();
  // CHECK: ERROR: MPISync: missing-completion on rank {{[01]}}
  // CHECK-NEXT: The request of MPI_Rget was still pending at MPI_Finalize; it was started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}rput_request_never_completed.c:[[@LINE-18]]
  // CHECK: MPI_Finalize was called here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}rput_request_never_completed.c:[[@LINE-5]]
  // CHECK: SUMMARY: MPISync: missing-completion {{.*}}rput_request_never_completed.c:[[@LINE-21]]:{{[0-9]+}} in main; MPI_Rget at {{.*}}rput_request_never_completed.c:[[@LINE-21]]
  return 0;
}
