// A struct passed by value is the callee's own copy, which ends when the
// callee returns (MPI 4.1 3.7.2: a send buffer must outlive its request):
// a nonblocking send of that copy still pending at the return is reported at
// the function's closing brace, with the MPI_Isend. Reading the copy
// without sending it is never checked (no MPI operation can hold it).
// Twin (-DFIXED): the function waits before returning.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

struct sample {
  double v[6];
};

__attribute__((noinline)) static double total(struct sample s) {
  return s.v[0] + s.v[1] + s.v[2] + s.v[3] + s.v[4] + s.v[5];
}

__attribute__((noinline)) static void start_send(struct sample s,
                                                 MPI_Request *req) {
  s.v[0] += total(s);
  MPI_Isend(s.v, 6, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, req);
#ifdef FIXED
  MPI_Wait(req, MPI_STATUS_IGNORE);
#endif
}
// CHECK: ERROR: MPISync: stack-buffer-out-of-scope on rank 0
// CHECK-NEXT: the end of a stack object's scope releases {{.*}} on rank 0 while MPI still owns part of it:
// CHECK-NEXT: #0 {{.*}} in start_send {{.*}}stack_byval_out_of_scope.c:[[@LINE-3]]
// CHECK-NEXT: #1 {{.*}} in main {{.*}}stack_byval_out_of_scope.c:[[@LINE+14]]
// CHECK: is 0 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (6 x MPI_DOUBLE), started here:
// CHECK-NEXT: #0 {{.*}} in start_send {{.*}}stack_byval_out_of_scope.c:[[@LINE-10]]
// CHECK-NEXT: #1 {{.*}} in main {{.*}}stack_byval_out_of_scope.c:[[@LINE+11]]
// CHECK: SUMMARY: MPISync: stack-buffer-out-of-scope {{.*}}stack_byval_out_of_scope.c:[[@LINE-8]]:{{[0-9]+}} in start_send; MPI_Isend at {{.*}}stack_byval_out_of_scope.c:[[@LINE-12]]
// CHECK-NOT: ERROR: MPISync

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    struct sample s = {{1, 2, 3, 4, 5, 6}};
    MPI_Request req;
    start_send(s, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    double in[6];
    MPI_Recv(in, 6, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %g\n", in[0] + in[5]);
    // OK: rank 1 received 28
  }
  MPI_Finalize();
  return 0;
}
