// MPI 4.1 5.1.2 and 5.2: types built by the large-count constructors
// (MPI_Type_vector_c) describe the same layouts; only their data is the
// receive buffer. Twin (-DFIXED): only gap reads while pending.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[10] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    // 3 ints, stride 2: extent 5 ints. Element 1 is buf[5, 7, 9].
    MPI_Datatype vec;
    MPI_Type_vector_c(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Request req;
    MPI_Irecv_c(buf, 2, vec, 0, 0, MPI_COMM_WORLD, &req);
    int gaps = buf[1] + buf[3] + buf[6] + buf[8];
#ifndef FIXED
    gaps += buf[7];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_large_count_ctor.c:[[@LINE-3]]
    // CHECK: is 28 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv_c (2 x {{.*}}, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_large_count_ctor.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}dtype_large_count_ctor.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv_c at {{.*}}dtype_large_count_ctor.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 gaps %d data %d %d %d\n", gaps, buf[0], buf[7], buf[9]);
    // OK: rank 1 gaps 0 data 1 5 6
    MPI_Type_free(&vec);
  } else {
    int data[6] = {1, 2, 3, 4, 5, 6};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 6, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
