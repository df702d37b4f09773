// MPI 4.1 3.7.2/3.9: persistent receives on overlapping buffers are fine as
// long as they are never active at the same time; starting both together
// (MPI_Startall) makes them overlap. Twin (-DFIXED): one at a time.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[6] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request reqs[2];
    MPI_Recv_init(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(buf + 2, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    int total = 0;
    for (int round = 0; round < 2; round++) {
      MPI_Start(&reqs[0]);
      MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
      total += buf[0];
      MPI_Start(&reqs[1]);
      MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
      total += buf[5];
    }
#ifndef FIXED
    MPI_Startall(2, reqs);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 1
    // CHECK-NEXT: The receive buffer of MPI_Recv_init {{.*}} overlaps, at {{.*}}, the receive buffer of a pending MPI_Recv_init; at least one of them receives. MPI_Recv_init started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_persistent.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Recv_init (4 x MPI_INT), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_persistent.c:[[@LINE-5]]
    // CHECK-NOT: ERROR: MPISync
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
#endif
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    printf("rank 1 total %d\n", total);
    // OK: rank 1 total 24
  } else {
    int rounds = 2;
#ifndef FIXED
    rounds = 3;
#endif
    for (int round = 0; round < rounds; round++) {
      int x[4] = {1 + round, 0, 0, 0}, y[4] = {0, 0, 0, 10 + round};
      MPI_Send(x, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Send(y, 4, MPI_INT, 1, 1, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
