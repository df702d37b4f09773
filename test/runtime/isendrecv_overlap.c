// MPI 4.1 3.10: the send and receive buffers of MPI_Isendrecv must be
// disjoint (use MPI_Isendrecv_replace to share one); both stacks must be
// named. The correct variant is isendrecv_overlap_ok.c.
// Bug: for an overlap within one MPI_Isendrecv the runtime prints the
// pending buffer's start stack as "<empty stack>" and the SUMMARY says
// "MPI_Isendrecv at <unknown>": CheckOverlaps runs in BeforeStart, before
// AfterStart sets op->start_stack (mpisync_mpi_hooks.cpp).
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = 1 - rank;
  MPI_Request req;
  if (rank == 0) {
    // Send buf[0..4), receive into buf[2..6): they share buf[2..4).
    MPI_Isendrecv(buf, 4, MPI_INT, peer, 0, buf + 2, 4, MPI_INT, peer, 0,
                  MPI_COMM_WORLD, &req);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
    // CHECK-NEXT: buffer of MPI_Isendrecv {{.*}} overlaps, at {{.*}}, the {{send|receive}} buffer of a pending MPI_Isendrecv; at least one of them receives. MPI_Isendrecv started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_overlap.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Isendrecv (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_overlap.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}isendrecv_overlap.c:[[@LINE-7]]:{{[0-9]+}} in main; MPI_Isendrecv at {{.*}}isendrecv_overlap.c:[[@LINE-7]]
  } else {
    MPI_Isendrecv(buf, 4, MPI_INT, peer, 0, buf + 4, 4, MPI_INT, peer, 0,
                  MPI_COMM_WORLD, &req);
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
