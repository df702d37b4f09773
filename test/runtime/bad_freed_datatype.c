// MPI 4.1 5.1.10: using a datatype handle after MPI_Type_free is erroneous;
// with MPI_ERRORS_RETURN the outcome is MPI's (MPICH 4.0.2 does not detect
// it and returns MPI_SUCCESS, sending nothing useful), but MPISync must not
// crash in its own wrapper before MPI sees the call.
// XFAIL: *
// Bug: the MPI_Isend wrapper builds a data map first (AcquireDataMap ->
// BuildDataMap/Flatten -> PMPI_Type_get_envelope_c on the freed handle), and
// MPICH segfaults inside PMPI_Type_get_envelope_c for a freed derived type:
// the process dies with SIGSEGV in MPISync's wrapper. The ErrorsReturn guard
// does not help (MPICH crashes instead of returning an error). MPISync
// intercepts MPI_Type_free and could remember freed handles (until a type
// constructor hands the handle out again) instead of querying them.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
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
