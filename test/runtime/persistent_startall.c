// MPI 4.1 3.9: MPI_Startall starts every request of the array; each receive
// buffer is off limits until the round completes (here MPI_Waitall), and is
// free to read after it. Twin (-DFIXED): read only after MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, out[4], in[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = 1 - rank;
  MPI_Request reqs[2];
  MPI_Recv_init(in, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Send_init(out, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);
  long total = 0;
  for (int it = 0; it < 4; it++) {
    for (int i = 0; i < 4; i++)
      out[i] = 100 * rank + 10 * it + i;
    MPI_Startall(2, reqs);
#ifndef FIXED
    if (rank == 1 && it == 2)
      total -= in[3];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_startall.c:[[@LINE-3]]
    // CHECK: is 12 bytes from the start of the receive buffer {{.*}} of a pending MPI_Recv_init (4 x MPI_INT, element 3), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_startall.c:[[@LINE-8]]
    // CHECK: The request was last completed here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_startall.c:[[@LINE+4]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}persistent_startall.c:[[@LINE-8]]:{{[0-9]+}} in main; MPI_{{Recv_init|Startall}} at {{.*}}persistent_startall.c:[[@LINE-11]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 4; i++)
      total += in[i];
  }
  MPI_Request_free(&reqs[0]);
  MPI_Request_free(&reqs[1]);
  printf("rank %d total %ld\n", rank, total);
  // OK-DAG: rank 0 total 1864
  // OK-DAG: rank 1 total 264
  MPI_Finalize();
  return 0;
}
