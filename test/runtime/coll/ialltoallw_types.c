// MPI_Ialltoallw (MPI 4.1 6.8, 6.12): each peer's block has its own count,
// byte displacement and datatype. Only the bytes those blocks name are
// pending: the gaps of a vector type and the space between blocks stay the
// program's. Rank r sends rank 0 a vector (ints 0 and 4) and rank 1 three
// ints (8..10); it receives each peer's block at int 8 * peer.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=R0 < %t.out
// RUN: FileCheck %s --check-prefix=R1 < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int sendbuf[16], recvbuf[16];
  for (int i = 0; i < 16; i++) {
    sendbuf[i] = 100 * rank + i;
    recvbuf[i] = -1;
  }
  MPI_Datatype two_apart;
  MPI_Type_vector(2, 1, 4, MPI_INT, &two_apart);
  MPI_Type_commit(&two_apart);
  int scounts[2] = {1, 3}, sdispls[2] = {0, 32};
  MPI_Datatype stypes[2] = {two_apart, MPI_INT};
  int rcount = rank == 0 ? 2 : 3;
  int rcounts[2] = {rcount, rcount}, rdispls[2] = {0, 32};
  MPI_Datatype rtypes[2] = {MPI_INT, MPI_INT};
  MPI_Request req;
  MPI_Ialltoallw(sendbuf, scounts, sdispls, stypes, recvbuf, rcounts, rdispls, rtypes,
                 MPI_COMM_WORLD, &req);
  sendbuf[2] = 0;   // inside the vector's extent, between its elements
  sendbuf[12] = 0;  // after the last block
  int gap = recvbuf[5]; // between the receive blocks
#ifndef FIXED
  if (rank == 0) {
    sendbuf[4] = 0;
    // R0: ERROR: MPISync: send-buffer-write on rank 0
    // R0-NEXT: WRITE of size 4
    // R0-NEXT: #0 {{.*}} in main {{.*}}ialltoallw_types.c:[[@LINE-3]]
    // R0: of a pending MPI_Ialltoallw (1 x {{.*}}, element 0), started here:
    // R0-NEXT: #0 {{.*}} in main {{.*}}ialltoallw_types.c:[[@LINE-12]]
    // R0: SUMMARY: MPISync: send-buffer-write {{.*}}ialltoallw_types.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Ialltoallw at {{.*}}ialltoallw_types.c:[[@LINE-13]]:{{[0-9]+}} in main
    // R0-NOT: on rank 0
  } else {
    gap += recvbuf[9];
    // R1: ERROR: MPISync: recv-buffer-access on rank 1
    // R1-NEXT: READ of size 4
    // R1-NEXT: #0 {{.*}} in main {{.*}}ialltoallw_types.c:[[@LINE-3]]
    // R1: of a pending MPI_Ialltoallw (3 x MPI_INT, element 1), started here:
    // R1-NEXT: #0 {{.*}} in main {{.*}}ialltoallw_types.c:[[@LINE-21]]
    // R1: SUMMARY: MPISync: recv-buffer-access {{.*}}ialltoallw_types.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Ialltoallw at {{.*}}ialltoallw_types.c:[[@LINE-22]]:{{[0-9]+}} in main
    // R1-NOT: on rank 1
  }
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d got %d %d %d %d %d gap %d\n", rank, recvbuf[0], recvbuf[1], recvbuf[8], recvbuf[9],
         recvbuf[10], gap);
  // OK-DAG: rank 0 got 0 4 100 104 -1 gap -1
  // OK-DAG: rank 1 got 8 9 108 109 110 gap -1
  MPI_Type_free(&two_apart);
  MPI_Finalize();
  return 0;
}
