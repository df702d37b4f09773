// Writing the buffer of a pending MPI_Isend is an error (MPI 4.1 3.7.2).
// MPICH copies small messages inside MPI_Isend, so the receiver sees the
// value from before the write and the program's assumption holds by luck;
// amplify issues the send only when the rank blocks (here: in MPI_Wait),
// so the receiver gets the new value and its assert fails.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t.fixed
// The same with the large-count binding and a persistent send.
// RUN: %mpicc -fsanitize=mpisync -g -DPERSISTENT %s -o %t.persistent
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t.persistent
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t.persistent 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DPERSISTENT -DFIXED %s -o %t.persistent.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t.persistent.fixed
// CHECK: receiver got 2
// CHECK: Assertion
// REPORT: ERROR: MPISync: send-buffer-write on rank 0
// REPORT-NEXT: WRITE of size 4 {{.*}} (manifest
// REPORT: amplified: late-send (the send is issued only when the rank next blocks or completes it
// REPORT: SUMMARY: MPISync: send-buffer-write {{.*}}isend_write_before_wait.c:{{[0-9]+}}:{{[0-9]+}} in main; MPI_{{Isend_c|Start}} at {{.*}}isend_write_before_wait.c
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {1, 1, 1, 1};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
#ifdef PERSISTENT
    MPI_Send_init(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Start(&req);
#else
    MPI_Isend_c(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
#endif
#ifndef FIXED
    buf[1] = 2; // BUG: the send is pending
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#ifdef FIXED
    buf[1] = 2;
#endif
#ifdef PERSISTENT
    MPI_Request_free(&req);
#endif
  } else {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    fprintf(stderr, "receiver got %d\n", buf[1]);
    assert(buf[1] == 1);
  }
  MPI_Finalize();
  return 0;
}
