// MPI 4.1 3.9: a persistent request owns its buffer from MPI_Start to the
// completion of that round; between completion and the next MPI_Start the
// buffer is the program's again. Writing while active is an error and the
// report names the MPI_Start of the round and the previous completion.
// Twin (-DFIXED): only write between MPI_Wait and MPI_Start.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0)
    MPI_Send_init(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  else
    MPI_Recv_init(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  int total = 0;
  for (int it = 0; it < 3; it++) {
    if (rank == 0)
      for (int i = 0; i < 4; i++)
        buf[i] = 10 * it + i;
    MPI_Start(&req);
#ifndef FIXED
    if (rank == 0 && it == 1)
      buf[2] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_start_loop.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the send buffer {{.*}} of a pending MPI_Send_init (4 x MPI_INT, element 2), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_start_loop.c:[[@LINE-8]]
    // CHECK: The request was last completed here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_start_loop.c:[[@LINE+4]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}persistent_start_loop.c:[[@LINE-8]]:{{[0-9]+}} in main; MPI_{{Send_init|Start}} at {{.*}}persistent_start_loop.c:[[@LINE-11]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 1)
      for (int i = 0; i < 4; i++)
        total += buf[i];
  }
  MPI_Request_free(&req);
  if (rank == 1)
    printf("rank 1 total %d\n", total);
  // OK: rank 1 total 138
  MPI_Finalize();
  return 0;
}
