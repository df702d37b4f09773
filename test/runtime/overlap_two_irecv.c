// MPI 4.1 3.7.2: the buffers of pending receives must not overlap (the
// order in which the messages land is unspecified). Reported when the
// second receive starts, naming both. Twin (-DFIXED): adjacent buffers.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#ifdef FIXED
#define SECOND 8
#else
#define SECOND 4
#endif

int main(int argc, char **argv) {
  int rank, buf[16] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request reqs[2];
    MPI_Irecv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(buf + SECOND, 8, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 1
    // CHECK-NEXT: The receive buffer of MPI_Irecv [[[LO:0x[0-9a-f]+]], {{.*}}) overlaps, at [[LO]], the receive buffer of a pending MPI_Irecv; at least one of them receives. MPI_Irecv started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_two_irecv.c:[[@LINE-3]]
    // CHECK: [[LO]] is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (8 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_two_irecv.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}overlap_two_irecv.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}overlap_two_irecv.c:[[@LINE-7]]
    // CHECK-NOT: ERROR: MPISync
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    printf("rank 1 received %d %d\n", buf[0], buf[15]);
    // OK: rank 1 received 1 2
  } else {
    int one[8] = {1, 1, 1, 1, 1, 1, 1, 1}, two[8] = {2, 2, 2, 2, 2, 2, 2, 2};
    MPI_Send(one, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(two, 8, MPI_INT, 1, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
