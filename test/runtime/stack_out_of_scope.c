// MPI 4.1 3.7.2: a local array used as the buffer of a nonblocking send
// must outlive the request; returning from the function while the send is
// pending is reported at the function's closing brace, with the MPI_Isend.
// Twin (-DFIXED): the function waits before returning.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

static void start_send(int value, MPI_Request *req) {
  int local[4] = {value, value + 1, value + 2, value + 3};
  MPI_Isend(local, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, req);
#ifdef FIXED
  MPI_Wait(req, MPI_STATUS_IGNORE);
#endif
}
// CHECK: ERROR: MPISync: stack-buffer-out-of-scope on rank 0
// CHECK-NEXT: the end of a stack object's scope releases {{.*}} on rank 0 while MPI still owns part of it:
// CHECK-NEXT: #0 {{.*}} in start_send {{.*}}stack_out_of_scope.c:[[@LINE-3]]
// CHECK-NEXT: #1 {{.*}} in main {{.*}}stack_out_of_scope.c:[[@LINE+13]]
// CHECK: is 0 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (4 x MPI_INT), started here:
// CHECK-NEXT: #0 {{.*}} in start_send {{.*}}stack_out_of_scope.c:[[@LINE-10]]
// CHECK-NEXT: #1 {{.*}} in main {{.*}}stack_out_of_scope.c:[[@LINE+10]]
// CHECK: SUMMARY: MPISync: stack-buffer-out-of-scope {{.*}}stack_out_of_scope.c:[[@LINE-8]]:{{[0-9]+}} in start_send; MPI_Isend at {{.*}}stack_out_of_scope.c:[[@LINE-12]]
// CHECK-NOT: ERROR: MPISync

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    start_send(40, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    int in[4];
    MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", in[0] + in[1] + in[2] + in[3]);
    // OK: rank 1 received 166
  }
  MPI_Finalize();
  return 0;
}
