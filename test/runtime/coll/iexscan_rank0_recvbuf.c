// MPI_Iexscan: rank 0's recvbuf is not significant (MPI 4.1 6.11.2): MPI
// writes nothing there, so rank 0 may use it while the operation is
// pending; every other rank's recvbuf is MPI's until completion. In place,
// rank 0's recvbuf is its input, which MPI reads: it may be read, not
// written. Error (default): rank 1 writes its recvbuf. Twin (-DFIXED):
// rank 0 writes its recvbuf (out of place) and reads it (in place): clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int in = rank + 1, out = -1, inout = 10 * (rank + 1), seen = 0;
  MPI_Request req[2];
  MPI_Iexscan(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[0]); // @exscan
  MPI_Iexscan(MPI_IN_PLACE, &inout, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[1]);
#ifdef FIXED
  if (rank == 0) {
    out = 5;
    seen = inout;
  }
#else
  if (rank == 1)
    out = 5;
  // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
  // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}iexscan_rank0_recvbuf.c:[[@LINE-2]]:{{[0-9]+}} in main; MPI_Iexscan at {{.*}}iexscan_rank0_recvbuf.c:[[@LINE-11]]:{{[0-9]+}} in main
  // CHECK-NOT: ERROR: MPISync
#endif
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  if (rank == 1)
    printf("rank 1 out %d inout %d\n", out, inout);
  else
    printf("rank 0 seen %d\n", seen);
  // OK-DAG: rank 1 out 1 inout 10
  // OK-DAG: rank 0 seen 10
  MPI_Finalize();
  return 0;
}
