// MPI 4.1 3.7.2: while a receive is pending its buffer may not be used by
// any other operation, blocking ones included (MPI_Send would read it); a
// pending send buffer may not be received into (MPI_Recv) but may be sent
// again (MPI_Send only reads it). Twin (-DFIXED): the blocking calls use
// other memory, except the allowed second send.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, r[4] = {0}, s[4] = {1, 2, 3, 4}, other[4] = {9, 9, 9, 9};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef FIXED
  int *from = other, *into = other;
#else
  int *from = r + 2, *into = s + 1;
#endif
  if (rank == 0) {
    MPI_Request reqs[2];
    MPI_Irecv(r, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(s, 4, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send(s, 4, MPI_INT, 1, 2, MPI_COMM_WORLD); // both only read s
    MPI_Send(from, 2, MPI_INT, 1, 3, MPI_COMM_WORLD);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
    // CHECK-NEXT: The send buffer of MPI_Send {{.*}} overlaps, at {{.*}}, the receive buffer of a pending MPI_Irecv; at least one of them receives.
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}blocking_p2p_overlap.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}blocking_p2p_overlap.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}blocking_p2p_overlap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}blocking_p2p_overlap.c:[[@LINE-9]]
    MPI_Recv(into, 2, MPI_INT, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
    // CHECK-NEXT: The receive buffer of MPI_Recv {{.*}} overlaps, at {{.*}}, the send buffer of a pending MPI_Isend; at least one of them receives.
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}blocking_p2p_overlap.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}blocking_p2p_overlap.c:[[@LINE-14]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}blocking_p2p_overlap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}blocking_p2p_overlap.c:[[@LINE-15]]
    // CHECK-NOT: ERROR: MPISync
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    printf("rank 0 has %d %d\n", r[3], other[1]);
    // OK: rank 0 has 40 20
  } else {
    int a[4], b[4], c[2], d[2] = {10, 20}, e[4] = {10, 20, 30, 40};
    MPI_Recv(a, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(c, 2, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(d, 2, MPI_INT, 0, 4, MPI_COMM_WORLD);
    MPI_Send(e, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
