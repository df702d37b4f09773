// MPI 4.1 3.7.2: since MPI 3.0 several pending sends may use the same
// buffer (it is only read), and the program may read it meanwhile. Rank 0
// sends one buffer to ranks 1 and 2 and twice more to rank 2 (above the
// eager threshold, so every request stays pending until MPI_Waitall).
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 3 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 8192

int main(int argc, char **argv) {
  int rank;
  int *buf = calloc(N, sizeof(int)), *in = calloc(N, sizeof(int));
  for (int i = 0; i < 6; i++)
    buf[i] = i + 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request reqs[4];
    MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(buf, N, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(buf + 2, N - 2, MPI_INT, 2, 1, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend_c(buf + 1, N - 1, MPI_INT, 2, 2, MPI_COMM_WORLD, &reqs[3]);
    int sum = 0;
    for (int i = 0; i < 6; i++)
      sum += buf[i];
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
    buf[0] = sum;
    printf("rank 0 sum %d\n", buf[0]);
    // CHECK-DAG: rank 0 sum 21
  } else {
    int more[2] = {0, 0}, *tmp = calloc(N, sizeof(int));
    MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 2) {
      MPI_Recv(tmp, N - 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      more[0] = tmp[0];
      MPI_Recv(tmp, N - 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      more[1] = tmp[0];
    }
    free(tmp);
    printf("rank %d got %d %d %d %d\n", rank, in[0], in[5], more[0], more[1]);
    // CHECK-DAG: rank 1 got 1 6 0 0
    // CHECK-DAG: rank 2 got 1 6 3 2
  }
  free(buf);
  free(in);
  MPI_Finalize();
  return 0;
}
