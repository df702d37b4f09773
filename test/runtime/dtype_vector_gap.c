// MPI 4.1 5.1.2/3.7.2: a vector type's send buffer is only its blocks; the
// gaps between them belong to the program and may be written while the send
// is pending. Writing a block is an error, reported with the element of the
// count it falls in and the type's name. Twin (-DFIXED): only gap writes.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[20];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // 3 blocks of 2 ints, stride 4: extent 10 ints. Element 0 is
    // buf[0,1,4,5,8,9], element 1 is buf[10,11,14,15,18,19].
    MPI_Datatype vec;
    MPI_Type_vector(3, 2, 4, MPI_INT, &vec);
    MPI_Type_set_name(vec, "column_pairs");
    MPI_Type_commit(&vec);
    for (int i = 0; i < 20; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 2, vec, 1, 0, MPI_COMM_WORLD, &req);
    buf[2] = buf[7] = buf[12] = buf[17] = -1; // gaps
#ifndef FIXED
    buf[15] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_vector_gap.c:[[@LINE-3]]
    // CHECK: is 60 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (2 x column_pairs, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_vector_gap.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_vector_gap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_vector_gap.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&vec);
  } else {
    MPI_Recv(buf, 12, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int sum = 0;
    for (int i = 0; i < 12; i++)
      sum += buf[i];
    printf("rank 1 received %d..%d sum %d\n", buf[0], buf[11], sum);
    // OK: rank 1 received 0..19 sum 114
  }
  MPI_Finalize();
  return 0;
}
