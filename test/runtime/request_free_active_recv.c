// MPI 4.1 3.7.3: MPI_Request_free of an active receive gives up the only
// way to learn that its buffer was filled: reported at the free
// (active-receive-freed), with where the receive was started. A send
// request freed while active is not reported at the free (the program may
// learn of its completion otherwise, request_free_active.c); a receive
// completed before its request is freed is fine (-DFIXED).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// CHECK: ERROR: MPISync: active-receive-freed on rank 1
// CHECK-NEXT: MPI_Request_free of the active request of MPI_Irecv: the program can no longer learn when its receive buffer is filled.
// CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active_recv.c:35
// CHECK: MPI_Irecv was started here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active_recv.c:30
// CHECK: SUMMARY: MPISync: active-receive-freed {{.*}}request_free_active_recv.c:35:{{[0-9]+}} in main; MPI_Irecv at {{.*}}request_free_active_recv.c:30
// OK: rank 1 got 7
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, v = 7, got = 0, ack = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Request req;
    MPI_Irecv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 got %d\n", got);
#else
    MPI_Request_free(&req);
#endif
    MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
