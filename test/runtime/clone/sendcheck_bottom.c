// SendCheck hashes what a send sends also when MPI_Pack cannot read it:
// a buffer at MPI_BOTTOM with a struct datatype of absolute addresses
// (MPICH's MPI_Pack refuses the null input), and a null buffer with a
// datatype that holds no data. Both sends and the matching receives run
// with clones, the parents get what the run without clones gets, and
// nothing is reported (parent and clone send the same bytes).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain 2>&1
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1 2>&1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CLEAN < %t.k1
// CHECK: same: {{[0-9]+}} lines
// CLEAN-NOT: MPISync
// CLEAN: rank 1: bottom {{[0-9-]+}} {{[0-9.]+}}, empty 0
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // Two variables far apart, described by one struct of absolute addresses.
  static int counter;
  static double values[3];
  int lengths[2] = {1, 3};
  MPI_Aint displs[2];
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, both, empty;
  MPI_Get_address(&counter, &displs[0]);
  MPI_Get_address(values, &displs[1]);
  MPI_Type_create_struct(2, lengths, displs, types, &both);
  MPI_Type_commit(&both);
  MPI_Type_contiguous(0, MPI_INT, &empty);
  MPI_Type_commit(&empty);
  if (rank == 0) {
    counter = -42;
    for (int i = 0; i < 3; i++)
      values[i] = 1.25 * (i + 1);
    MPI_Request r;
    MPI_Isend(MPI_BOTTOM, 1, both, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Send(NULL, 1, empty, 1, 1, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    printf("rank 0: sent\n");
  } else if (rank == 1) {
    MPI_Status st;
    int n = -1;
    MPI_Recv(MPI_BOTTOM, 1, both, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(NULL, 1, empty, 0, 1, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &n);
    printf("rank 1: bottom %d %.2f, empty %d\n", counter,
           values[0] + values[1] + values[2], n);
  }
  MPI_Type_free(&both);
  MPI_Type_free(&empty);
  MPI_Finalize();
  return 0;
}
