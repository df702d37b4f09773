// MPI_Ireduce with MPI_IN_PLACE at the root (MPI 4.1 6.9.1, 6.12): the
// root's recvbuf is its input and the result, a receive buffer until
// completion; the other ranks' sendbuf is a send buffer (read, not written)
// and their recvbuf is not significant.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ROOT < %t.out
// RUN: FileCheck %s --check-prefix=LEAF < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long acc[8], contrib[8], unused[8] = {0};
  for (int i = 0; i < 8; i++)
    acc[i] = contrib[i] = rank + i;
  MPI_Request req;
  long peek = 0;
  if (rank == 0) {
    MPI_Ireduce(MPI_IN_PLACE, acc, 8, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    contrib[0] = 5; // not part of the operation on the root
#ifndef FIXED
    peek = acc[4];
    // ROOT: ERROR: MPISync: recv-buffer-access on rank 0
    // ROOT-NEXT: READ of size 8
    // ROOT-NEXT: #0 {{.*}} in main {{.*}}ireduce_in_place_root.c:[[@LINE-3]]
    // ROOT: is 32 bytes from the start of the receive buffer {{.*}} of a pending MPI_Ireduce (8 x MPI_LONG, element 4), started here:
    // ROOT-NEXT: #0 {{.*}} in main {{.*}}ireduce_in_place_root.c:[[@LINE-8]]
    // ROOT: SUMMARY: MPISync: recv-buffer-access {{.*}}ireduce_in_place_root.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Ireduce at {{.*}}ireduce_in_place_root.c:[[@LINE-9]]:{{[0-9]+}} in main
    // ROOT-NOT: on rank 0
#endif
  } else {
    MPI_Ireduce(contrib, unused, 8, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    peek = contrib[7]; // reading the send buffer is allowed
    unused[3] = 1;     // recvbuf is not significant on a non-root rank
#ifndef FIXED
    contrib[2] = 0;
    // LEAF: ERROR: MPISync: send-buffer-write on rank 1
    // LEAF-NEXT: WRITE of size 8
    // LEAF-NEXT: #0 {{.*}} in main {{.*}}ireduce_in_place_root.c:[[@LINE-3]]
    // LEAF: is 16 bytes from the start of the send buffer {{.*}} of a pending MPI_Ireduce (8 x MPI_LONG, element 2), started here:
    // LEAF-NEXT: #0 {{.*}} in main {{.*}}ireduce_in_place_root.c:[[@LINE-9]]
    // LEAF: SUMMARY: MPISync: send-buffer-write {{.*}}ireduce_in_place_root.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Ireduce at {{.*}}ireduce_in_place_root.c:[[@LINE-10]]:{{[0-9]+}} in main
    // LEAF-NOT: on rank 1
#endif
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  if (rank == 0)
    printf("acc %ld %ld peek %ld\n", acc[0], acc[7], peek);
  // OK: acc 1 15 peek 0
  MPI_Finalize();
  return 0;
}
