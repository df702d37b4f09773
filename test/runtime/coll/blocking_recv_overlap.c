// A blocking MPI_Recv into the buffer of a pending MPI_Irecv: two receives
// into one region (MPI 4.1 3.7.2), reported when the blocking call starts.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, buf[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Recv(buf + 2, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 1
    // CHECK-NEXT: The receive buffer of MPI_Recv {{.*}} overlaps, at {{.*}}, the receive buffer of a pending MPI_Irecv
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}blocking_recv_overlap.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Irecv (4 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}blocking_recv_overlap.c:[[@LINE-6]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    int a[4] = {1, 2, 3, 4}, b[2] = {5, 6};
    MPI_Send(a, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(b, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
