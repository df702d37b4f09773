// MPI 4.1 12.3.5: the result buffer of MPI_Rget may be read once its
// request completes. Rank 0 reads it before MPI_Wait. Twin (-DFIXED): after
// the wait; MPI_Rput's origin buffer is rewritten after its wait too.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 10 * rank + i;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int got[2] = {0, 0}, seen = 0, out[2] = {1, 2};
    MPI_Request req[2];
    MPI_Win_lock_all(0, win);
    MPI_Rget(got, 2, MPI_INT, 1, 0, 2, MPI_INT, win, &req[0]); // @rget
    MPI_Rput(out, 2, MPI_INT, 1, 8, 2, MPI_INT, win, &req[1]);
#ifndef FIXED
    seen = got[1]; // @read
#endif
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    seen += got[1];
    out[0] = 5;
    MPI_Win_unlock_all(win);
    printf("seen %d\n", seen >= 11);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-result-buffer-access on rank 0
// CHECK: READ of size 4 at {{.*}} by rank 0
// CHECK: #0 {{.*}} in main {{.*}}rget_request.c:[[@LINE-15]]
// CHECK: receive buffer {{.*}} of a pending MPI_Rget (2 x MPI_INT, element 1)
// CHECK: #0 {{.*}} in main {{.*}}rget_request.c:[[@LINE-20]]
// CHECK: SUMMARY: MPISync: rma-result-buffer-access {{.*}}rget_request.c:[[@LINE-18]]{{.*}}; MPI_Rget at {{.*}}rget_request.c:[[@LINE-21]]
// CHECK-NOT: MPI_Rput
// OK: seen 1
