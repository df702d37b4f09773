// MPI 4.1 5.1.7: MPI_Type_create_resized changes only the spacing of
// consecutive elements; the bytes between them are not sent and may be
// written while the send is pending. Twin (-DFIXED): only gap writes.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Datatype every_other;
    MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &every_other);
    MPI_Type_commit(&every_other);
    for (int i = 0; i < 8; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 4, every_other, 1, 0, MPI_COMM_WORLD, &req); // 0, 2, 4, 6
    buf[1] = buf[3] = buf[5] = buf[7] = -1;
#ifndef FIXED
    buf[6] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_resized_gap.c:[[@LINE-3]]
    // CHECK: is 24 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (4 x {{.*}}, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_resized_gap.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_resized_gap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_resized_gap.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&every_other);
  } else {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d\n", buf[0], buf[1], buf[2], buf[3]);
    // OK: rank 1 received 0 2 4 6
  }
  MPI_Finalize();
  return 0;
}
