// MPI 4.1 3.7.3: MPI_Test completes the operation only when it returns
// flag = true; while it returns false the receive buffer stays off limits,
// and after flag = true it is the program's. Twin (-DFIXED): no access while
// the flag is false.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    int flag = 0, polls = 0;
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE); // rank 0 has not sent yet
#ifndef FIXED
    if (!flag)
      polls = buf[1];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}test_poll.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (4 x MPI_INT, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}test_poll.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}test_poll.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}test_poll.c:[[@LINE-10]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    while (!flag) {
      MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
      polls++;
    }
    printf("rank 1 received %d %d after polling\n", buf[1], buf[3]);
    // OK: rank 1 received 11 13 after polling
  } else {
    int data[4] = {10, 11, 12, 13};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
