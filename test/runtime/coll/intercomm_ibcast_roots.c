// MPI_Ibcast on an intercommunicator (MPI 4.1 6.2.2, 6.4): in the root group
// the root passes MPI_ROOT and its buffer is a send buffer; the others pass
// MPI_PROC_NULL and their buffer is not part of the operation; in the other
// group every buffer is a receive buffer. Ranks 0 and 1 form the root group
// (0 is the root), rank 2 the receiving group.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ROOT < %t.out
// RUN: FileCheck %s --check-prefix=RECV < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int color = rank < 2 ? 0 : 1;
  MPI_Comm local, inter;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &local);
  // Leaders: world rank 0 for group 0, world rank 2 for group 1.
  MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, color == 0 ? 2 : 0, 5, &inter);
  int data[6];
  for (int i = 0; i < 6; i++)
    data[i] = rank == 0 ? 7 * i : -1;
  int root = color == 1 ? 0 : rank == 0 ? MPI_ROOT : MPI_PROC_NULL;
  MPI_Request req;
  MPI_Ibcast(data, 6, MPI_INT, root, inter, &req);
  int seen = 0;
  if (rank == 1)
    data[0] = 100; // MPI_PROC_NULL: this buffer is not part of the operation
#ifndef FIXED
  if (rank == 0) {
    data[5] = 0;
    // ROOT: ERROR: MPISync: send-buffer-write on rank 0
    // ROOT-NEXT: WRITE of size 4
    // ROOT-NEXT: #0 {{.*}} in main {{.*}}intercomm_ibcast_roots.c:[[@LINE-3]]
    // ROOT: is 20 bytes from the start of the send buffer {{.*}} of a pending MPI_Ibcast (6 x MPI_INT, element 5), started here:
    // ROOT-NEXT: #0 {{.*}} in main {{.*}}intercomm_ibcast_roots.c:[[@LINE-11]]
    // ROOT-NOT: on rank 1
  } else if (rank == 2) {
    seen = data[1];
    // RECV: ERROR: MPISync: recv-buffer-access on rank 2
    // RECV-NEXT: READ of size 4
    // RECV-NEXT: #0 {{.*}} in main {{.*}}intercomm_ibcast_roots.c:[[@LINE-3]]
    // RECV: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Ibcast (6 x MPI_INT, element 1), started here:
    // RECV-NEXT: #0 {{.*}} in main {{.*}}intercomm_ibcast_roots.c:[[@LINE-19]]
    // RECV-NOT: on rank 1
  }
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d data5 %d seen %d\n", rank, data[5], seen);
  // OK-DAG: rank 0 data5 35 seen 0
  // OK-DAG: rank 1 data5 -1 seen 0
  // OK-DAG: rank 2 data5 35 seen 0
  MPI_Comm_free(&inter);
  MPI_Comm_free(&local);
  MPI_Finalize();
  return 0;
}
