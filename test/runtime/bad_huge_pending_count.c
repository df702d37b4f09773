// Huge counts: a pending receive of 2^40 bytes into a 1 KiB buffer (MPI
// does not check the extent, so the receive is posted) is reported as
// buffer-exceeds-memory at the call's line, once, and costs no memory or
// time in proportion to the count: watching it would mark 128 GiB of
// shadow (the process was killed with no message). The same for a vector
// datatype (2^36 strided elements: an element loop would never end). A
// large buffer that is mapped all through (64 MiB) is not reported.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=3 prlimit --cpu=20 not %t 2>&1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=exitcode=3 not %python %S/Inputs/max_rss.py 512 %t 2>&1 | FileCheck %s --check-prefix=RSS
// RSS: peak memory within 512 MiB
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: prlimit --cpu=20 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// CHECK: ERROR: MPISync: buffer-exceeds-memory on rank 0
// CHECK-NEXT: The receive buffer of MPI_Irecv_c at {{.*}} (1099511627776 x MPI_BYTE) runs past the memory this process has mapped
// CHECK: SUMMARY: MPISync: buffer-exceeds-memory {{.*}}bad_huge_pending_count.c:39:{{.*}} MPI_Irecv_c at
// CHECK: ERROR: MPISync: buffer-exceeds-memory on rank 0
// CHECK-NEXT: The receive buffer of MPI_Irecv_c at {{.*}} (68719476736 x a derived datatype) runs past
// CHECK: SUMMARY: MPISync: buffer-exceeds-memory {{.*}}bad_huge_pending_count.c:44:{{.*}} MPI_Irecv_c at
// CHECK: cancelled 2
// OK: cancelled 1
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  int cancelled = 0;
#ifndef FIXED
  char *small = malloc(1024);
  MPI_Datatype strided;
  MPI_Type_vector(1, 1, 2, MPI_DOUBLE, &strided);
  MPI_Datatype resized;
  MPI_Type_create_resized(strided, 0, 16, &resized);
  MPI_Type_commit(&resized);
  // Nothing is ever sent: both receives stay pending until cancelled.
  MPI_Irecv_c(small, (MPI_Count)1 << 40, MPI_BYTE, 0, 1, MPI_COMM_SELF,
              &reqs[0]);
  // A vector of doubles, every other one: 2^36 of them span 2^40 bytes.
  double *grid = malloc(1 << 20);
  grid[0] = 1.0;
  MPI_Irecv_c(grid, (MPI_Count)1 << 36, resized, 0, 2, MPI_COMM_SELF,
              &reqs[1]);
#else
  char *big = malloc(64 << 20);
  MPI_Irecv_c(big, (MPI_Count)64 << 20, MPI_BYTE, 0, 1, MPI_COMM_SELF,
              &reqs[0]);
#endif
  // Cancelling a request that is MPI_REQUEST_NULL is erroneous.
  for (int i = 0; i < 2 && reqs[i] != MPI_REQUEST_NULL; i++)
    MPI_Cancel(&reqs[i]);
  MPI_Status st[2];
  MPI_Waitall(2, reqs, st);
  for (int i = 0; i < 2; i++) {
    int flag = 0;
    MPI_Test_cancelled(&st[i], &flag);
    cancelled += flag;
  }
  printf("cancelled %d\n", cancelled);
  MPI_Finalize();
  return 0;
}
