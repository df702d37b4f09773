// MPI 4.1 3.7.3/3.7.5: completion calls accept MPI_REQUEST_NULL (and
// inactive requests): they return at once with an empty status; with only
// null requests MPI_Waitany/Testany give MPI_UNDEFINED and Waitsome/Testsome
// outcount MPI_UNDEFINED. Nothing is pending, nothing is reported.
// MPICH only: Open MPI 4.1 rejects MPI_Startall(0, NULL) with MPI_ERR_REQUEST.
// REQUIRES: mpich
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {0, 0}, flag = -1, index = -1, outcount = -1, idx[3];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = 1 - rank;
  MPI_Request null = MPI_REQUEST_NULL, nulls[3];
  nulls[0] = nulls[1] = nulls[2] = MPI_REQUEST_NULL;
  MPI_Wait(&null, MPI_STATUS_IGNORE);
  MPI_Test(&null, &flag, MPI_STATUS_IGNORE);
  printf("rank %d Test null: flag %d\n", rank, flag);
  // CHECK-DAG: rank 0 Test null: flag 1
  MPI_Request_get_status(MPI_REQUEST_NULL, &flag, MPI_STATUS_IGNORE);
  MPI_Testany(3, nulls, &index, &flag, MPI_STATUS_IGNORE);
  printf("rank %d Testany: flag %d undefined %d\n", rank, flag,
         index == MPI_UNDEFINED);
  // CHECK-DAG: rank 0 Testany: flag 1 undefined 1
  MPI_Waitany(3, nulls, &index, MPI_STATUS_IGNORE);
  printf("rank %d Waitany: undefined %d\n", rank, index == MPI_UNDEFINED);
  // CHECK-DAG: rank 0 Waitany: undefined 1
  MPI_Waitsome(3, nulls, &outcount, idx, MPI_STATUSES_IGNORE);
  printf("rank %d Waitsome: undefined %d\n", rank, outcount == MPI_UNDEFINED);
  // CHECK-DAG: rank 0 Waitsome: undefined 1
  MPI_Testsome(3, nulls, &outcount, idx, MPI_STATUSES_IGNORE);
  MPI_Testall(3, nulls, &flag, MPI_STATUSES_IGNORE);
  MPI_Waitall(0, NULL, MPI_STATUSES_IGNORE);
  MPI_Startall(0, NULL);
  // A mix of null and real requests in one MPI_Waitall.
  MPI_Request mix[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL,
                        MPI_REQUEST_NULL};
  int out = 10 + rank;
  MPI_Irecv(buf, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &mix[1]);
  MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &mix[3]);
  MPI_Waitall(4, mix, MPI_STATUSES_IGNORE);
  out = buf[0];
  printf("rank %d Waitall mix: got %d, all null %d\n", rank, out,
         mix[1] == MPI_REQUEST_NULL && mix[3] == MPI_REQUEST_NULL);
  // CHECK-DAG: rank 0 Waitall mix: got 11, all null 1
  // CHECK-DAG: rank 1 Waitall mix: got 10, all null 1
  MPI_Finalize();
  return 0;
}
