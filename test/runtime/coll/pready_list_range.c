// MPI 4.1 4.2: a send partition becomes MPI's when it is marked ready, by
// MPI_Pready_list or MPI_Pready_range as by MPI_Pready, and stays MPI's until
// the request completes; partitions not yet ready are the program's. Four
// partitions of 4 ints: the list {0, 3} first, then the range 1..2.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[16];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0) {
    MPI_Psend_init(buf, 4, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    for (int i = 0; i < 16; i++)
      buf[i] = i;
    int first[2] = {0, 3};
    MPI_Pready_list(2, first, req);
    buf[5] = 5;  // partition 1: not ready yet
    buf[9] = 9;  // partition 2: not ready yet
#ifndef FIXED
    buf[13] = -13; // partition 3: ready since MPI_Pready_list
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}pready_list_range.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the send buffer {{.*}} of a pending MPI_Psend_init (4 x MPI_INT, element 1), handed to MPI by MPI_Pready_list here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}pready_list_range.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}pready_list_range.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Pready_list at {{.*}}pready_list_range.c:[[@LINE-10]]:{{[0-9]+}} in main
#endif
    MPI_Pready_range(1, 2, req);
#ifndef FIXED
    buf[10] = -10; // partition 2: ready since MPI_Pready_range
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}pready_list_range.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the send buffer {{.*}} of a pending MPI_Psend_init (4 x MPI_INT, element 2), handed to MPI by MPI_Pready_range here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}pready_list_range.c:[[@LINE-7]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[13] = 13; // complete: the program's again
    buf[10] = 10;
    MPI_Request_free(&req);
  } else {
    MPI_Precv_init(buf, 4, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    int sum = 0;
    for (int i = 0; i < 16; i++)
      sum += buf[i];
    printf("received sum %d\n", sum);
    // OK: received sum 120
    MPI_Request_free(&req);
  }
  MPI_Finalize();
  return 0;
}
