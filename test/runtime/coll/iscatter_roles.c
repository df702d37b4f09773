// MPI 4.1 6.6 and 6.12: in a pending MPI_Iscatter the root's sendbuf is a
// send buffer (read, not written) and every rank's recvbuf a receive buffer;
// sendbuf is not significant on the other ranks (theirs stays the
// program's). With MPI_IN_PLACE as the root's recvbuf, the root receives
// nothing: its own block stays in sendbuf, still a send buffer.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ROOT < %t.out
// RUN: FileCheck %s --check-prefix=LEAF < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int table[3][4], mine[4] = {0}, seen = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      table[i][j] = 10 * i + j;
  MPI_Request req;
  if (rank == 0) {
    MPI_Iscatter(table, 4, MPI_INT, MPI_IN_PLACE, 4, MPI_INT, 0, MPI_COMM_WORLD, &req);
    seen = table[0][1] + table[2][3]; // reading the send buffer is allowed
    mine[0] = 1;                       // recvbuf is MPI_IN_PLACE: not MPI's
#ifndef FIXED
    table[1][2] = -1;
    // ROOT: ERROR: MPISync: send-buffer-write on rank 0
    // ROOT-NEXT: WRITE of size 4
    // ROOT-NEXT: #0 {{.*}} in main {{.*}}iscatter_roles.c:[[@LINE-3]]
    // ROOT: is 24 bytes from the start of the send buffer {{.*}} of a pending MPI_Iscatter (12 x MPI_INT, element 6), started here:
    // ROOT-NEXT: #0 {{.*}} in main {{.*}}iscatter_roles.c:[[@LINE-9]]
    // ROOT: SUMMARY: MPISync: send-buffer-write {{.*}}iscatter_roles.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Iscatter at {{.*}}iscatter_roles.c:[[@LINE-10]]:{{[0-9]+}} in main
    // ROOT-NOT: on rank 0
#endif
  } else {
    MPI_Iscatter(NULL, 0, MPI_INT, mine, 4, MPI_INT, 0, MPI_COMM_WORLD, &req);
    table[0][0] = -2; // sendbuf is not significant here: the program's
#ifndef FIXED
    if (rank == 2)
      seen = mine[3];
    // LEAF: ERROR: MPISync: recv-buffer-access on rank 2
    // LEAF-NEXT: READ of size 4
    // LEAF-NEXT: #0 {{.*}} in main {{.*}}iscatter_roles.c:[[@LINE-3]]
    // LEAF: is 12 bytes from the start of the receive buffer {{.*}} of a pending MPI_Iscatter (4 x MPI_INT, element 3), started here:
    // LEAF-NEXT: #0 {{.*}} in main {{.*}}iscatter_roles.c:[[@LINE-9]]
    // LEAF: SUMMARY: MPISync: recv-buffer-access {{.*}}iscatter_roles.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Iscatter at {{.*}}iscatter_roles.c:[[@LINE-10]]:{{[0-9]+}} in main
    // LEAF-NOT: on rank 1
#endif
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  mine[1] += 0; // complete: the program's again
  printf("rank %d got %d %d %d %d\n", rank, mine[0], mine[1], mine[2], mine[3]);
  // OK-DAG: rank 0 got 1 0 0 0
  // OK-DAG: rank 1 got 10 11 12 13
  // OK-DAG: rank 2 got 20 21 22 23
  MPI_Finalize();
  return 0;
}
