// A blocking MPI_Sendrecv whose receive buffer overlaps its own send buffer
// is erroneous (MPI 4.1 3.10: the buffers must be disjoint; that is what
// MPI_Sendrecv_replace is for), also when nothing else is pending: it was
// missed then, and MPI_Isendrecv's twin was found. Error (default): the
// receive buffer starts inside the send buffer. Twin (-DFIXED): disjoint
// halves of one array, and MPI_Sendrecv_replace on one buffer: clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = 1 - rank, data[8];
  for (int i = 0; i < 8; i++)
    data[i] = rank * 10 + i;
#ifdef FIXED
  MPI_Sendrecv(data, 4, MPI_INT, peer, 0, data + 4, 4, MPI_INT, peer, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv_replace(data, 2, MPI_INT, peer, 1, peer, 1, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE);
  printf("rank %d: %d %d %d %d\n", rank, data[0], data[1], data[4], data[7]);
  // OK-DAG: rank 0: 10 11 10 13
  // OK-DAG: rank 1: 0 1 0 3
#else
  if (rank == 0)
    MPI_Sendrecv(data, 4, MPI_INT, peer, 0, data + 2, 4, MPI_INT, peer, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  else
    MPI_Sendrecv(data, 4, MPI_INT, peer, 0, data + 4, 4, MPI_INT, peer, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
  // CHECK-NEXT: The send buffer of MPI_Sendrecv {{.*}} overlaps, at {{.*}}, the receive buffer of a pending MPI_Sendrecv; at least one of them receives. MPI_Sendrecv started here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}sendrecv_self_overlap.c:[[@LINE-7]]
  // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}sendrecv_self_overlap.c:[[@LINE-8]]:{{[0-9]+}} in main; MPI_Sendrecv at {{.*}}sendrecv_self_overlap.c:[[@LINE-8]]
  // CHECK-NOT: ERROR: MPISync
#endif
  MPI_Finalize();
  return 0;
}
