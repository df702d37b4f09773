// MPI 4.1 5.1.4: a darray type selects this process's part of a distributed
// global array; only those elements are the send buffer, the other
// processes' elements may be written while the send is pending.
// Twin (-DFIXED): only other processes' elements are written.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, g[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // 8 ints dealt cyclically to 2 processes: process 0 owns g[0,2,4,6].
    int gsizes[1] = {8}, distribs[1] = {MPI_DISTRIBUTE_CYCLIC},
        dargs[1] = {1}, psizes[1] = {2};
    MPI_Datatype mine;
    MPI_Type_create_darray(2, 0, 1, gsizes, distribs, dargs, psizes,
                           MPI_ORDER_C, MPI_INT, &mine);
    MPI_Type_commit(&mine);
    for (int i = 0; i < 8; i++)
      g[i] = 100 + i;
    MPI_Request req;
    MPI_Isend(g, 1, mine, 1, 0, MPI_COMM_WORLD, &req);
    g[1] = g[3] = g[5] = g[7] = -1; // process 1's elements
#ifndef FIXED
    g[4] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_darray.c:[[@LINE-3]]
    // CHECK: is 16 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_darray.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_darray.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_darray.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&mine);
  } else {
    MPI_Recv(g, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d\n", g[0], g[1], g[2], g[3]);
    // OK: rank 1 received 100 102 104 106
  }
  MPI_Finalize();
  return 0;
}
