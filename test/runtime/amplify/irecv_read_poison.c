// Reading the buffer of a pending MPI_Irecv is an error (MPI 4.1 3.7.2).
// Without amplify the read happens to see the old value here; with amplify
// the buffer holds the poison (NaN) until MPI_Wait, so the assert fails.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// The JSON form carries the stage too.
// RUN: env MPISYNC_OPTIONS=amplify=1:log_format=json not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=JSON
// JSON: {"mpisync":1,"kind":"recv-buffer-access",{{.*}}"verdict":"manifest","manifest":true,"amplified":"poison",
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double buf[4] = {1, 1, 1, 1};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Irecv(buf, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
    double seen = buf[2]; // BUG: the receive is pending
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: READ of size 8 {{.*}} (manifest
    // CHECK: #0 {{.*}} in main {{.*}}irecv_read_poison.c:[[@LINE-3]]
    // CHECK: amplified: poison (the receive buffer holds the poison pattern
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}irecv_read_poison.c:[[@LINE-5]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}irecv_read_poison.c:[[@LINE-6]]
    int token = 1;
    MPI_Send(&token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); // now send the data
    fprintf(stderr, "seen %f\n", seen);
    // CHECK: seen {{-?}}nan
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(!isnan(seen));
    // CHECK: Assertion
  } else {
    double data[4] = {2, 2, 2, 2};
    int token;
    MPI_Recv(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(data, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
