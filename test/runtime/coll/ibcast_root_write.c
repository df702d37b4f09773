// MPI 4.1 6.12: the buffer of a pending MPI_Ibcast is the root's send buffer
// (it may be read, not written) and every other rank's receive buffer (it
// may not be accessed) until the operation completes.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, data[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 8; i++)
    data[i] = rank == 0 ? i : -1;
  MPI_Request req;
  MPI_Ibcast(data, 8, MPI_INT, 0, MPI_COMM_WORLD, &req);
  int seen = 0;
  if (rank == 0) {
    seen = data[3]; // reading the root's send buffer is allowed
#ifndef FIXED
    data[5] = 99;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK: #0 {{.*}} in main {{.*}}ibcast_root_write.c:[[@LINE-2]]
    // CHECK: of a pending MPI_Ibcast (8 x MPI_INT, element 5), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}ibcast_root_write.c:[[@LINE-9]]
#endif
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  int sum = 0;
  for (int i = 0; i < 8; i++)
    sum += data[i];
  printf("rank %d sum %d seen %d\n", rank, sum, seen);
  // OK-DAG: rank 0 sum 28 seen 3
  // OK-DAG: rank 1 sum 28 seen 0
  MPI_Finalize();
  return 0;
}
