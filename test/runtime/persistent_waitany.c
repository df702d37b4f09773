// MPI 4.1 3.7.5/3.9: MPI_Waitany on persistent requests makes only the
// returned one inactive: its buffer is the program's until it is started
// again, the other stays pending. Rank 0 sends tag 1 only when asked.
// Twin (-DFIXED): the second buffer is read after its own completion.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, go = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    int a[2], b[2], index, total = 0;
    MPI_Request reqs[2];
    MPI_Recv_init(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    for (int round = 0; round < 2; round++) {
      MPI_Startall(2, reqs);
      MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE); // a: b was not sent
      total += a[0] + a[1];
      a[0] = a[1] = 0; // inactive: the program's until the next start
#ifndef FIXED
      if (round == 1)
        total += b[1];
      // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
      // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
      // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_waitany.c:[[@LINE-3]]
      // CHECK: of a pending MPI_Recv_init (2 x MPI_INT, element 1), started by MPI_Startall here:
      // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_waitany.c:[[@LINE-11]]
      // CHECK-NOT: ERROR: MPISync
#endif
      MPI_Send(&go, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
      MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE);
      total += 10 * index + b[1];
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    printf("rank 1 total %d\n", total);
    // OK: rank 1 total 34
  } else {
    for (int round = 0; round < 2; round++) {
      int x[2] = {1, 2}, y[2] = {0, 4};
      MPI_Send(x, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&go, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(y, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
