// MPI 4.1 3.8.3: MPI_Imrecv starts a receive of a matched message; its buffer
// may not be accessed until the request completes, whether the message was
// matched by MPI_Mprobe or MPI_Improbe. Twin (-DFIXED): access after MPI_Wait.
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
  if (rank == 1) {
    int a[4], b[4];
    MPI_Message msg;
    MPI_Request req;
    MPI_Mprobe(0, 1, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
    MPI_Imrecv(a, 4, MPI_INT, &msg, &req);
#ifndef FIXED
    a[2] = 0;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}imrecv_access.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Imrecv (4 x MPI_INT, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}imrecv_access.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}imrecv_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Imrecv at {{.*}}imrecv_access.c:[[@LINE-8]]
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    int flag = 0;
    while (!flag)
      MPI_Improbe(0, 2, MPI_COMM_WORLD, &flag, &msg, MPI_STATUS_IGNORE);
    MPI_Imrecv(b, 4, MPI_INT, &msg, &req);
#ifndef FIXED
    int early = b[3];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}imrecv_access.c:[[@LINE-3]]
    // CHECK: is 12 bytes from the start of the receive buffer {{.*}} of a pending MPI_Imrecv (4 x MPI_INT, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}imrecv_access.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}imrecv_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Imrecv at {{.*}}imrecv_access.c:[[@LINE-8]]
    (void)early;
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d\n", a[2] + b[3], a[0] + b[0]);
    // OK: rank 1 received 36 14
  } else {
    int a[4] = {1, 2, 3, 4}, b[4] = {13, 23, 33, 33};
    MPI_Send(a, 4, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Send(b, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
