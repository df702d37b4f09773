// MPI 4.1 3.10: MPI_Isendrecv_replace sends and then receives in one buffer:
// while pending it may be neither read nor written. Three ranks in a ring;
// only rank 1 touches its buffer. Twin (-DFIXED): touch after MPI_Wait.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 3 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, buf[3];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < 3; i++)
    buf[i] = 10 * rank + i;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Request req;
  MPI_Isendrecv_replace(buf, 3, MPI_INT, right, 0, left, 0, MPI_COMM_WORLD,
                        &req);
#ifndef FIXED
  if (rank == 1) {
    int v = buf[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_replace_access.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the receive buffer {{.*}} of a pending MPI_Isendrecv_replace (3 x MPI_INT, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_replace_access.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}isendrecv_replace_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isendrecv_replace at {{.*}}isendrecv_replace_access.c:[[@LINE-10]]
    buf[2] = v;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_replace_access.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Isendrecv_replace (3 x MPI_INT, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isendrecv_replace_access.c:[[@LINE-16]]
  }
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[2] += buf[0];
  printf("rank %d has %d %d\n", rank, buf[0], buf[2]);
  // OK-DAG: rank 0 has 20 42
  // OK-DAG: rank 1 has 0 2
  // OK-DAG: rank 2 has 10 22
  MPI_Finalize();
  return 0;
}
