// Three locals whose addresses escape end at one return; one of them is the
// buffer of a pending MPI_Isend. The return tests the three objects' hull
// once (pass: instrumentStackReleases), and behind that test releases each
// object on its own: the report names exactly the send buffer's bytes, not
// the hull's, though `low` and `high` are escaping objects of the same
// frame. Twin (-DFIXED): the function waits before returning.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

void *volatile kept[2];

static void start_send(int value, MPI_Request *req) {
  double low[8];
  int local[4] = {value, value + 1, value + 2, value + 3};
  char high[5];
  kept[0] = low;
  kept[1] = high;
  MPI_Isend(local, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, req);
#ifdef FIXED
  MPI_Wait(req, MPI_STATUS_IGNORE);
#endif
}
// CHECK: ERROR: MPISync: stack-buffer-out-of-scope on rank 0
// CHECK-NEXT: the end of a stack object's scope releases [[[LO:0x[0-9a-f]+]], [[HI:0x[0-9a-f]+]]) on rank 0 while MPI still owns part of it:
// CHECK-NEXT: #0 {{.*}} in start_send {{.*}}stack_out_of_scope_frame.c:[[@LINE-3]]
// CHECK: [[LO]] is 0 bytes from the start of the send buffer [[[LO]], [[HI]]) of a pending MPI_Isend (4 x MPI_INT), started here:
// CHECK-NEXT: #0 {{.*}} in start_send {{.*}}stack_out_of_scope_frame.c:[[@LINE-9]]
// CHECK: SUMMARY: MPISync: stack-buffer-out-of-scope {{.*}}stack_out_of_scope_frame.c:[[@LINE-6]]:{{[0-9]+}} in start_send; MPI_Isend at {{.*}}stack_out_of_scope_frame.c:[[@LINE-10]]
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
