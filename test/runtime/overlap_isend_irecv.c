// MPI 4.1 3.7.2: a pending receive may not overlap a pending send (the
// receive would change the data being sent), in either order of starting.
// Twin (-DFIXED): disjoint buffers.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#ifdef FIXED
#define SHIFT 4
#else
#define SHIFT 2
#endif

int main(int argc, char **argv) {
  int rank, a[8], c[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 8; i++)
    a[i] = c[i] = 10 * rank + i;
  int peer = 1 - rank;
  MPI_Request reqs[4];
  if (rank == 0) {
    MPI_Isend(a, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(a + SHIFT, 4, MPI_INT, peer, 1, MPI_COMM_WORLD, &reqs[1]);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
    // CHECK-NEXT: The receive buffer of MPI_Irecv {{.*}} overlaps, at {{.*}}, the send buffer of a pending MPI_Isend; at least one of them receives. MPI_Irecv started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_isend_irecv.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_isend_irecv.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}overlap_isend_irecv.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}overlap_isend_irecv.c:[[@LINE-7]]
    MPI_Irecv(c + SHIFT, 4, MPI_INT, peer, 2, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend(c, 4, MPI_INT, peer, 3, MPI_COMM_WORLD, &reqs[3]);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
    // CHECK-NEXT: The send buffer of MPI_Isend {{.*}} overlaps, at {{.*}}, the receive buffer of a pending MPI_Irecv; at least one of them receives. MPI_Isend started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_isend_irecv.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}overlap_isend_irecv.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}overlap_isend_irecv.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}overlap_isend_irecv.c:[[@LINE-7]]
    // CHECK-NOT: ERROR: MPISync
  } else {
    MPI_Irecv(a, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(a + 4, 4, MPI_INT, peer, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(c + 4, 4, MPI_INT, peer, 2, MPI_COMM_WORLD, &reqs[2]);
    MPI_Irecv(c, 4, MPI_INT, peer, 3, MPI_COMM_WORLD, &reqs[3]);
  }
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  printf("rank %d: %d %d %d %d\n", rank, a[0], a[7], c[0], c[7]);
  // OK-DAG: rank 0: 0 17 0 17
  // OK-DAG: rank 1: 0 17 0 17
  MPI_Finalize();
  return 0;
}
