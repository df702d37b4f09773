// MPI 4.1 3.7.5: MPI_Testall returns flag = true only when all requests
// completed, and then completes them all; with flag = false none of them is
// completed, even one whose message already arrived. Twin (-DFIXED): read
// only after flag = true.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, a[2] = {0}, b[2] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request reqs[2];
    int flag = 0, early = 0;
    MPI_Irecv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Barrier(MPI_COMM_WORLD); // tag 0 was sent, tag 1 was not
    MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
#ifndef FIXED
    if (!flag)
      early = a[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}testall_poll.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (2 x MPI_INT, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}testall_poll.c:[[@LINE-11]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}testall_poll.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}testall_poll.c:[[@LINE-12]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD); // now tag 1 goes
    while (!flag)
      MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
    printf("rank 1 received %d %d %d\n", a[0] + early, a[1], b[1]);
    // OK: rank 1 received 1 2 4
  } else {
    int x[2] = {1, 2}, y[2] = {3, 4};
    MPI_Send(x, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(y, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
