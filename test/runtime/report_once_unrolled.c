// One report per pair of source locations (the access and the MPI call its
// SUMMARY line names), however the compiler copied them: here a loop of
// MPI_Start and a write into the pending send buffer, unrolled, gives
// three copies of both calls, which were three identical reports.
// Twin (-DFIXED): the write after MPI_Wait.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, in[4], out[4];
  long sum = 0;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 4; i++)
    in[i] = rank;
  MPI_Allreduce_init(in, out, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                     MPI_INFO_NULL, &req);
#pragma clang loop unroll(full)
  for (int it = 0; it < 3; it++) {
    MPI_Start(&req);
#ifndef FIXED
    if (rank == 0)
      in[3] = it;
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#ifdef FIXED
    if (rank == 0)
      in[3] = it;
#endif
    sum += out[0] + out[3];
  }
  MPI_Request_free(&req);
  printf("rank %d sum %ld\n", rank, sum);
  // OK-DAG: rank 0 sum 7
  // OK-DAG: rank 1 sum 7
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: send-buffer-write on rank 0
// CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}report_once_unrolled.c:[[@LINE-17]]:{{[0-9]+}} in main; MPI_Start at {{.*}}report_once_unrolled.c:[[@LINE-20]]:5 in main
// CHECK-NOT: ERROR: MPISync
