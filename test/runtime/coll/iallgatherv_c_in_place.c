// MPI-4 large-count MPI_Iallgatherv_c (MPI_Count counts, MPI_Aint
// displacements) with MPI_IN_PLACE (MPI 4.1 6.7): each rank's contribution
// is already in its block of recvbuf, and every block the counts and
// displacements name is pending until completion, the rank's own included.
// The gaps between blocks stay the program's.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double all[10];
  MPI_Count counts[2] = {3, 2};
  MPI_Aint displs[2] = {0, 6}; // blocks 0-2 and 6-7, gap 3-5, tail 8-9
  for (int i = 0; i < 10; i++)
    all[i] = -1;
  for (MPI_Count i = 0; i < counts[rank]; i++)
    all[displs[rank] + i] = 100 * rank + i;
  MPI_Request req;
  MPI_Iallgatherv_c(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, counts, displs, MPI_DOUBLE,
                    MPI_COMM_WORLD, &req);
  all[4] = 4;  // gap
  all[9] = 9;  // after the last block
#ifndef FIXED
  if (rank == 1)
    all[7] = 0; // the rank's own block
  // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
  // CHECK-NEXT: WRITE of size 8
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}iallgatherv_c_in_place.c:[[@LINE-3]]
  // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Iallgatherv_c (2 x MPI_DOUBLE, element 1), started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}iallgatherv_c_in_place.c:[[@LINE-11]]
  // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}iallgatherv_c_in_place.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Iallgatherv_c at {{.*}}iallgatherv_c_in_place.c:[[@LINE-12]]:{{[0-9]+}} in main
  // CHECK-NOT: ERROR: MPISync
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d: %.0f %.0f %.0f | %.0f | %.0f %.0f | %.0f\n", rank, all[0], all[1], all[2], all[4],
         all[6], all[7], all[9]);
  // OK-DAG: rank 0: 0 1 2 | 4 | 100 101 | 9
  // OK-DAG: rank 1: 0 1 2 | 4 | 100 101 | 9
  MPI_Finalize();
  return 0;
}
