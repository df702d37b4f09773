// MPI 4.1 3.7.2/5.1: an access that covers both a gap of the type and data
// conflicts only on the data bytes; the report names the first conflicting
// byte, its element and the size that conflicts. memset and memcpy in the
// program are checked like loads and stores; copying out of a pending send
// buffer only reads it, which is allowed. Twin (-DFIXED): gap bytes only.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int rank, buf[12], copy[12];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // Blocks of 2 ints every 4: element 0 is buf[0,1,4,5], element 1 is
    // buf[6,7,10,11] (extent 6 ints).
    MPI_Datatype vec;
    MPI_Type_vector(2, 2, 4, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    for (int i = 0; i < 12; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 2, vec, 1, 0, MPI_COMM_WORLD, &req);
    memcpy(copy, buf, sizeof(buf)); // reads only
    memset(&buf[2], 0, 2 * sizeof(int)); // the gap buf[2,3]
    memset(&buf[8], 0, 2 * sizeof(int)); // the gap buf[8,9]
#ifndef FIXED
    memset(&buf[8], 0, 3 * sizeof(int)); // buf[8,9] gap, buf[10] data
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at [[ADDR:0x[0-9a-f]+]] by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}partial_overlap_access.c:[[@LINE-3]]
    // CHECK: [[ADDR]] is 40 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (2 x {{.*}}, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}partial_overlap_access.c:[[@LINE-10]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}partial_overlap_access.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}partial_overlap_access.c:[[@LINE-11]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 0 copied %d %d\n", copy[5], copy[11]);
    // OK-DAG: rank 0 copied 5 11
    MPI_Type_free(&vec);
  } else {
    MPI_Recv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d\n", buf[0], buf[3], buf[4], buf[7]);
    // OK-DAG: rank 1 received 0 5 6 11
  }
  MPI_Finalize();
  return 0;
}
