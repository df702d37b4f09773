// MPI 4.1 3.7.2: pending buffers conflict only where their data overlaps;
// two vector types that interleave (even and odd ints) are disjoint, so
// receiving into both at once, or sending one while receiving the other, is
// correct.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8], mix[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype every_other;
  MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  for (int i = 0; i < 8; i++)
    buf[i] = mix[i] = 100 * rank + i;
  int peer = 1 - rank;
  MPI_Request reqs[4];
  // Receive into the even and the odd ints of buf.
  MPI_Irecv(buf, 1, every_other, peer, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(buf + 1, 1, every_other, peer, 1, MPI_COMM_WORLD, &reqs[1]);
  // Send the even ints of mix while receiving into its odd ones.
  MPI_Isend(mix, 1, every_other, peer, 2, MPI_COMM_WORLD, &reqs[2]);
  MPI_Irecv(mix + 1, 1, every_other, peer, 2, MPI_COMM_WORLD, &reqs[3]);
  int out[4] = {rank, rank, rank, rank};
  MPI_Send(out, 4, MPI_INT, peer, 0, MPI_COMM_WORLD);
  out[0] = out[1] = out[2] = out[3] = 10 + rank;
  MPI_Send(out, 4, MPI_INT, peer, 1, MPI_COMM_WORLD);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  printf("rank %d: %d %d %d | %d %d %d\n", rank, buf[0], buf[1], buf[7],
         mix[0], mix[1], mix[7]);
  // CHECK-DAG: rank 0: 1 11 11 | 0 100 106
  // CHECK-DAG: rank 1: 0 10 10 | 100 0 6
  MPI_Type_free(&every_other);
  MPI_Finalize();
  return 0;
}
