// A correct MPI_Ialltoallv overlapped with computation on other memory, and
// with reads of the send buffer: no report, correct result.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 3 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int send[9], recv[9], sc[3], sd[3], rc[3], rd[3];
  for (int i = 0; i < size; i++) {
    sc[i] = rc[i] = i + 1 <= 3 ? 1 + (i + rank) % 2 : 1;
  }
  for (int i = 0; i < size; i++) {
    sc[i] = 1 + (rank + i) % 2; // what I send to i
    rc[i] = 1 + (i + rank) % 2; // what i sends me
  }
  sd[0] = rd[0] = 0;
  for (int i = 1; i < size; i++) {
    sd[i] = sd[i - 1] + sc[i - 1];
    rd[i] = rd[i - 1] + rc[i - 1];
  }
  for (int i = 0; i < 9; i++)
    send[i] = rank * 100 + i;
  MPI_Request req;
  MPI_Ialltoallv(send, sc, sd, MPI_INT, recv, rc, rd, MPI_INT, MPI_COMM_WORLD, &req);
  long work = 0;
  for (int i = 0; i < 9; i++)
    work += send[i];
  double other[64];
  for (int i = 0; i < 64; i++)
    other[i] = i * 0.5;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  int sum = 0;
  for (int i = 0; i < rd[size - 1] + rc[size - 1]; i++)
    sum += recv[i];
  printf("rank %d sum %d work %ld other %.1f\n", rank, sum, work, other[63]);
  // CHECK-DAG: rank 0 sum {{[0-9]+}} work 36 other 31.5
  // CHECK-DAG: rank 1 sum {{[0-9]+}} work 936 other 31.5
  // CHECK-DAG: rank 2 sum {{[0-9]+}} work 1836 other 31.5
  MPI_Finalize();
  return 0;
}
