// MPI 4.1 3.7.2: atomic read-modify-write operations on a pending receive
// buffer are accesses like any other (C11 atomics, GCC builtins).
// Twin (-DFIXED): the atomics run after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  long counters[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(counters, 4, MPI_LONG, 0, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    __atomic_fetch_add(&counters[1], 5, __ATOMIC_SEQ_CST);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}atomic_access.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (4 x MPI_LONG, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}atomic_access.c:[[@LINE-10]]
    long expected = 0;
    __atomic_compare_exchange_n(&counters[3], &expected, 9, 0,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}atomic_access.c:[[@LINE-4]]
    // CHECK: is 24 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (4 x MPI_LONG, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}atomic_access.c:[[@LINE-18]]
    // CHECK-NOT: ERROR: MPISync
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("rank 1 counters %ld %ld\n", counters[1], counters[3]);
    // OK: rank 1 counters 6 3
  } else {
    long init[4] = {0, 1, 2, 3};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(init, 4, MPI_LONG, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
