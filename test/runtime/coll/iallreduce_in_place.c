// MPI_Iallreduce with MPI_IN_PLACE: recvbuf is both input and result, a
// receive buffer until completion; without MPI_IN_PLACE the send buffer may
// be read but not written.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double v[4], in[4], out[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 4; i++)
    v[i] = in[i] = rank + i;
  MPI_Request reqs[2];
  MPI_Iallreduce(MPI_IN_PLACE, v, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
  MPI_Iallreduce(in, out, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &reqs[1]);
  double peek = in[1]; // reading a send buffer is allowed
#ifndef FIXED
  if (rank == 0) {
    peek += v[2];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: READ of size 8
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}iallreduce_in_place.c:[[@LINE-3]]
    // CHECK: receive buffer {{.*}} of a pending MPI_Iallreduce (4 x MPI_DOUBLE, element 2)
  }
#endif
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  printf("rank %d v2 %.0f out3 %.0f peek %.0f\n", rank, v[2], out[3], peek);
  // OK-DAG: rank 0 v2 5 out3 7 peek 1
  // OK-DAG: rank 1 v2 5 out3 7 peek 2
  MPI_Finalize();
  return 0;
}
