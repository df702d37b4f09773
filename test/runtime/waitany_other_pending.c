// MPI 4.1 3.7.5: MPI_Waitany completes exactly one request, the one at the
// returned index; the others stay pending and their buffers off limits.
// Rank 2 sends only after rank 0 releases it. Twin (-DFIXED): touch the
// second buffer only after the second MPI_Waitany.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 3 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, go = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int a[3] = {0}, b[3] = {0}, index, sum = 0;
    MPI_Request reqs[2];
    MPI_Irecv(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(b, 3, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE);
    sum += a[0] + a[1] + a[2]; // index is 0: rank 2 has not sent
#ifndef FIXED
    b[1] = sum;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}waitany_other_pending.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (3 x MPI_INT, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}waitany_other_pending.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}waitany_other_pending.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}waitany_other_pending.c:[[@LINE-10]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
    int second;
    MPI_Waitany(2, reqs, &second, MPI_STATUS_IGNORE);
    sum += b[0] + b[1] + b[2];
    printf("rank 0 completed %d then %d, sum %d\n", index, second, sum);
    // OK: rank 0 completed 0 then 1, sum 96
  } else {
    int data[3] = {10 * rank, 10 * rank + 1, 10 * rank + 2};
    if (rank == 2)
      MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(data, 3, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
