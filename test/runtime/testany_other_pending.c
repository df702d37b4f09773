// MPI 4.1 3.7.5: MPI_Testany with flag = true completes only the request at
// the returned index; the other receive stays pending. Rank 0 sends the
// second message only after rank 1 asks for it. Twin (-DFIXED): touch the
// second buffer only once MPI_Testany returned its index.
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
    double a[2], b[2];
    int first = -1, second = -1, flag = 0;
    MPI_Request reqs[2];
    MPI_Irecv(a, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(b, 2, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    while (!flag)
      MPI_Testany(2, reqs, &first, &flag, MPI_STATUS_IGNORE);
    a[1] *= 2; // completed
#ifndef FIXED
    b[0] = a[1];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}testany_other_pending.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (2 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}testany_other_pending.c:[[@LINE-10]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}testany_other_pending.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}testany_other_pending.c:[[@LINE-11]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Send(&go, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    flag = 0;
    while (!flag)
      MPI_Testany(2, reqs, &second, &flag, MPI_STATUS_IGNORE);
    printf("rank 1 completed %d then %d: %g %g\n", first, second, a[1], b[1]);
    // OK: rank 1 completed 0 then 1: 3 4.5
  } else {
    double x[2] = {1.0, 1.5}, y[2] = {3.5, 4.5};
    MPI_Send(x, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&go, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(y, 2, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
