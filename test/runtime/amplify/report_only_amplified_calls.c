// The "amplified:" line names what amplify did: a read of a pending
// MPI_Isendrecv receive buffer (a call amplify leaves alone) is reported
// without it, a read of a pending MPI_Igatherv buffer (poisoned) with it.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK-NOT: amplified:
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}report_only_amplified_calls.c:26:{{[0-9]+}} in main; MPI_Isendrecv at {{.*}}report_only_amplified_calls.c:23:
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK: amplified: poison
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}report_only_amplified_calls.c:31:{{[0-9]+}} in main; MPI_Igatherv at {{.*}}report_only_amplified_calls.c:28:
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, mine, other = 0, all[2] = {0, 0}, counts[2] = {1, 1},
                  displs[2] = {0, 1};
  volatile int seen;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  mine = rank + 1;
  MPI_Isendrecv(&mine, 1, MPI_INT, 1 - rank, 0, &other, 1, MPI_INT, 1 - rank,
                0, MPI_COMM_WORLD, &req);
  if (rank == 0)
    seen = other; // BUG: pending
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Igatherv(&mine, 1, MPI_INT, all, counts, displs, MPI_INT, 0,
               MPI_COMM_WORLD, &req);
  if (rank == 0)
    seen = all[1]; // BUG: pending
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  (void)seen;
  MPI_Finalize();
  return 0;
}
// MPI-4 calls (persistent collectives, MPI_Isendrecv): not in Open MPI 4.1.
// REQUIRES: mpi-4
