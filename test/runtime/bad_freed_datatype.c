// MPI 4.1 5.1.10: using a datatype handle after MPI_Type_free is erroneous;
// with MPI_ERRORS_RETURN the outcome is MPI's (MPICH 4.0.2 does not detect
// it and returns MPI_SUCCESS, sending nothing useful), but MPISync must not
// crash in its own wrapper before MPI sees the call.
// MPICH then fails the MPI_Waitall (MPI_ERR_IN_STATUS) without releasing the
// send request, so the request is never completed: that missing completion
// is not what this test is about and is switched off.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: env MPISYNC_OPTIONS=report_missing_completion=0 %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {7, 8}, in[2] = {0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Datatype pair, stale;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  stale = pair;
  MPI_Type_free(&pair);
  MPI_Request reqs[2];
  MPI_Irecv(in, 2, MPI_INT, rank, 0, MPI_COMM_WORLD, &reqs[0]);
  int rc = MPI_Isend(buf, 1, stale, rank, 0, MPI_COMM_WORLD, &reqs[1]);
  printf("rank %d: MPI_Isend returned\n", rank);
  // CHECK-DAG: rank 0: MPI_Isend returned
  // CHECK-DAG: rank 1: MPI_Isend returned
  if (rc == MPI_SUCCESS) {
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  } else {
    MPI_Cancel(&reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  }
  printf("rank %d: done\n", rank);
  // CHECK-DAG: rank 0: done
  // CHECK-DAG: rank 1: done
  MPI_Finalize();
  return 0;
}
