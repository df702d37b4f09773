// MPI_Ineighbor_allgatherv on a periodic 1-D Cartesian topology (MPI 4.1
// 8.6): this rank's sendbuf is a send buffer, and recvbuf holds one block
// per neighbour (left, then right) at the displacements given; the space
// between the blocks stays the program's. Three ranks in a ring.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 3 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {size}, periods[1] = {1};
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  MPI_Comm_rank(ring, &rank);
  int mine[2] = {rank * 10, rank * 10 + 1};
  int halo[8];
  for (int i = 0; i < 8; i++)
    halo[i] = -1;
  int counts[2] = {2, 2}, displs[2] = {0, 5}; // left: 0-1, right: 5-6
  MPI_Request req;
  MPI_Ineighbor_allgatherv(mine, 2, MPI_INT, halo, counts, displs, MPI_INT, ring, &req);
  halo[3] = 0; // between the blocks
  int peek = mine[1]; // reading the send buffer is allowed
#ifndef FIXED
  if (rank == 1)
    peek += halo[6];
  // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
  // CHECK-NEXT: READ of size 4
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}ineighbor_allgatherv_cart.c:[[@LINE-3]]
  // CHECK: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Ineighbor_allgatherv (2 x MPI_INT, element 1), started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}ineighbor_allgatherv_cart.c:[[@LINE-10]]
  // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}ineighbor_allgatherv_cart.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Ineighbor_allgatherv at {{.*}}ineighbor_allgatherv_cart.c:[[@LINE-11]]:{{[0-9]+}} in main
  // CHECK-NOT: ERROR: MPISync
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d left %d %d right %d %d gap %d peek %d\n", rank, halo[0], halo[1], halo[5], halo[6],
         halo[3], peek);
  // OK-DAG: rank 0 left 20 21 right 10 11 gap 0 peek 1
  // OK-DAG: rank 1 left 0 1 right 20 21 gap 0 peek 11
  // OK-DAG: rank 2 left 10 11 right 0 1 gap 0 peek 21
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
