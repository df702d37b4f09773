// MPI 4.1 12.3: the large-count forms (MPI_Put_c, MPI_Get_c, ...) follow
// the same rules. Rank 0 rewrites the origin buffer of an MPI_Put_c before
// the fence that completes it, and rank 1 reads the result buffer of an
// MPI_Get_c inside the epoch. Twin (-DFIXED): both after the fence.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=R0 < %t.out
// RUN: FileCheck %s --check-prefix=R1 < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double mem[32] = {0}, buf[4] = {1, 2, 3, 4};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create_c(mem, sizeof(mem), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  double seen = 0;
  if (rank == 0) {
    MPI_Put_c(buf, 4, MPI_DOUBLE, 1, 0, 4, MPI_DOUBLE, win); // @put
#ifndef FIXED
    buf[1] = 0; // @write
#endif
  } else {
    MPI_Get_c(buf, 4, MPI_DOUBLE, 0, 8, 4, MPI_DOUBLE, win); // @get
#ifndef FIXED
    seen = buf[2]; // @read
#endif
  }
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("mem %g\n", mem[3] + seen);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// R0: ERROR: MPISync: rma-origin-buffer-write on rank 0
// R0: #0 {{.*}} in main {{.*}}large_count_ops.c:[[@LINE-16]]
// R0: of a pending MPI_Put_c (4 x MPI_DOUBLE, element 1)
// R0: #0 {{.*}} in main {{.*}}large_count_ops.c:[[@LINE-20]]
// R1: ERROR: MPISync: rma-result-buffer-access on rank 1
// R1: #0 {{.*}} in main {{.*}}large_count_ops.c:[[@LINE-15]]
// R1: of a pending MPI_Get_c (4 x MPI_DOUBLE, element 2)
// R1: #0 {{.*}} in main {{.*}}large_count_ops.c:[[@LINE-19]]
// OK: mem 4
