// Buffered sends under cloning: MPI_Buffer_attach and MPI_Buffer_detach are
// local, so every process runs them on its own buffer (a clone's MPI_Bsend
// sends nothing and never uses it); the message reaches the receiving
// parent once and its clone through the mirror.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// CHECK: same: 4 lines
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, msg[4] = {5, 6, 7, 8}, in[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int size = (int)sizeof msg + MPI_BSEND_OVERHEAD;
  char *buf = malloc(size);
  MPI_Buffer_attach(buf, size);
  if (rank == 0)
    MPI_Bsend(msg, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  void *back;
  int back_size;
  MPI_Buffer_detach(&back, &back_size);
  printf("rank %d got %d %d %d %d, detached %d\n", rank, in[0], in[1], in[2],
         in[3], back == buf && back_size == size);
  free(buf);
  MPI_Finalize();
  return 0;
}
