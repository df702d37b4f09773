// MPI 4.1 5.1.7: a type may reach below its buffer argument (negative
// displacement, lower bound < 0). Here element k covers arr[2 + 4k] and
// arr[5 + 4k] relative to a buffer at &arr[4]; only those ints are pending.
// Twin (-DFIXED): only ints outside the type are written while pending.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, arr[16];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int lens[2] = {1, 1};
    MPI_Aint disps[2] = {-8, 4};
    MPI_Datatype h, t;
    MPI_Type_create_hindexed(2, lens, disps, MPI_INT, &h);
    MPI_Type_create_resized(h, -8, 16, &t); // lb -8, extent 4 ints
    MPI_Type_commit(&t);
    for (int i = 0; i < 16; i++)
      arr[i] = i;
    MPI_Request req;
    MPI_Isend(&arr[4], 3, t, 1, 0, MPI_COMM_WORLD, &req);
    arr[1] = arr[3] = arr[4] = arr[7] = arr[8] = arr[12] = arr[14] = -1;
#ifndef FIXED
    arr[2] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_negative_lb.c:[[@LINE-3]]
    // CHECK: is -8 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (3 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_negative_lb.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_negative_lb.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_negative_lb.c:[[@LINE-9]]
    arr[13] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_negative_lb.c:[[@LINE-3]]
    // CHECK: is 36 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (3 x {{.*}}, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_negative_lb.c:[[@LINE-15]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&t);
    MPI_Type_free(&h);
  } else {
    MPI_Recv(arr, 6, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d %d %d\n", arr[0], arr[1], arr[2],
           arr[3], arr[4], arr[5]);
    // OK: rank 1 received 2 5 6 9 10 13
  }
  MPI_Finalize();
  return 0;
}
