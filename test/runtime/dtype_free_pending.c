// MPI 4.1 5.1.10: MPI_Type_free marks a type for deallocation; operations
// already using it are not affected, so the pending send keeps its layout
// even when the handle is freed (and possibly reused) before completion.
// Twin (-DFIXED): the data write comes after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[16];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // 2 blocks of 1 int, stride 4: extent 5 ints; element 1 starts at buf[5].
    MPI_Datatype vec, other;
    MPI_Type_vector(2, 1, 4, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    for (int i = 0; i < 16; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 2, vec, 1, 0, MPI_COMM_WORLD, &req); // 0, 4, 5, 9
    MPI_Type_free(&vec);
    MPI_Type_contiguous(16, MPI_INT, &other); // may reuse the handle
    MPI_Type_commit(&other);
    buf[1] = buf[6] = buf[8] = -1; // gaps
#ifndef FIXED
    buf[9] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_free_pending.c:[[@LINE-3]]
    // CHECK: is 36 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (2 x {{.*}}, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_free_pending.c:[[@LINE-11]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_free_pending.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_free_pending.c:[[@LINE-12]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[9] = -1;
    MPI_Type_free(&other);
  } else {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d\n", buf[0], buf[1], buf[2], buf[3]);
    // OK: rank 1 received 0 4 5 9
  }
  MPI_Finalize();
  return 0;
}
