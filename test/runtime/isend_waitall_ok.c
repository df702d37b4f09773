// MPI 4.1 3.7.3/3.7.5: once MPI_Waitall returns, every one of its requests
// is complete and all their buffers are the program's. Here two small sends
// complete inside MPI_Isend, and MPICH hands out the same (predefined,
// already complete) request handle for both.
// Bug: MPISync keys pending operations by request handle. MPICH returns one
// shared handle (0x6c000001) for sends that completed immediately, so
// AfterStart's "a handle the library hands out again ... is stale" path
// unregisters the first MPI_Isend without deactivating it; MPI_Waitall then
// completes only the last one and the first buffer stays pending forever:
// the writes after MPI_Waitall are reported as send-buffer-write (false
// positive) against the MPI_Isend of `left`.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 3 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, left[2], right[2], from_left[2], from_right[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int l = (rank + size - 1) % size, r = (rank + 1) % size;
  left[0] = left[1] = 10 * rank + 1;
  right[0] = right[1] = 10 * rank + 2;
  MPI_Request reqs[4];
  MPI_Irecv(from_left, 2, MPI_INT, l, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(from_right, 2, MPI_INT, r, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Barrier(MPI_COMM_WORLD); // both receives are posted everywhere
  MPI_Isend(left, 2, MPI_INT, l, 1, MPI_COMM_WORLD, &reqs[2]);
  MPI_Isend(right, 2, MPI_INT, r, 0, MPI_COMM_WORLD, &reqs[3]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  left[1] = from_left[0];
  right[1] = from_right[0];
  printf("rank %d: %d %d\n", rank, left[1], right[1]);
  // CHECK-DAG: rank 0: 22 11
  // CHECK-DAG: rank 1: 2 21
  // CHECK-DAG: rank 2: 12 1
  MPI_Finalize();
  return 0;
}
