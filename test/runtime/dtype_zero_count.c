// MPI 4.1 3.2.2/5.1: a message of zero elements, or of elements of size
// zero, has an empty buffer: nothing is pending, whatever the buffer
// argument (even NULL), so no access can conflict with it.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = 1 - rank;
  MPI_Datatype empty, vec;
  MPI_Type_contiguous(0, MPI_INT, &empty);
  MPI_Type_commit(&empty);
  MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
  MPI_Type_commit(&vec);
  MPI_Request reqs[7], pers;
  MPI_Irecv(b, 0, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(a, 0, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Irecv(b, 3, empty, peer, 1, MPI_COMM_WORLD, &reqs[2]);
  MPI_Isend(a, 3, empty, peer, 1, MPI_COMM_WORLD, &reqs[3]);
  MPI_Irecv(NULL, 0, vec, peer, 2, MPI_COMM_WORLD, &reqs[4]);
  MPI_Isend(NULL, 0, MPI_INT, peer, 2, MPI_COMM_WORLD, &reqs[5]);
  MPI_Isend_c(a, (MPI_Count)0, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &reqs[6]);
  MPI_Recv_init(b, 0, MPI_INT, peer, 4, MPI_COMM_WORLD, &pers);
  MPI_Start(&pers);
  for (int i = 0; i < 4; i++) {
    a[i] += 10;
    b[i] += a[i];
  }
  MPI_Recv(NULL, 0, MPI_INT, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Send(a, 0, MPI_INT, peer, 4, MPI_COMM_WORLD);
  MPI_Wait(&pers, MPI_STATUS_IGNORE);
  MPI_Waitall(7, reqs, MPI_STATUSES_IGNORE);
  MPI_Request_free(&pers);
  MPI_Type_free(&empty);
  MPI_Type_free(&vec);
  printf("rank %d: %d %d\n", rank, b[0], b[3]);
  // CHECK-DAG: rank 0: 16 22
  // CHECK-DAG: rank 1: 16 22
  MPI_Finalize();
  return 0;
}
