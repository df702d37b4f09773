// A receive partition is MPI's from MPI_Start until MPI_Parrived says it
// arrived: reading an arrived partition is fine, reading one that has not
// arrived (or before asking) is an error. (MPICH may deliver all partitions
// at once, so the sender readies both before the receiver polls.)
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0) {
    MPI_Psend_init(buf, 2, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    buf[0] = 1; buf[1] = 2;
    MPI_Pready(0, req);
    buf[2] = 3; buf[3] = 4;
    MPI_Pready(1, req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    MPI_Precv_init(buf, 2, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    int flag = 0;
    while (!flag)
      MPI_Parrived(req, 0, &flag);
    int first = buf[0] + buf[1]; // partition 0 arrived: the program's
    int early = buf[2];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}precv_parrived.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Precv_init (2 x MPI_INT, element 0), started by MPI_Start here:
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("first %d early %d\n", first, early);
  }
  MPI_Request_free(&req);
  MPI_Finalize();
  return 0;
}
