// MPI 4.1 5.1.2: hvector (byte stride), indexed_block and hindexed_block
// types send their blocks only; each buffer's gaps may be written while the
// sends are pending, each data write is reported with its element.
// Twin (-DFIXED): only gap writes while pending.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, h[8];
  short s[12];
  double d[3];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // hv: ints 0 and 3 (stride 12 bytes), extent 4 ints: element 1 is h[4, 7].
    // ib: shorts 1, 2, 4, 5 (lb 1 short, extent 5 shorts): element 1 is
    // s[6, 7, 9, 10]. hb: doubles 0 and 2.
    MPI_Datatype hv, ib, hb;
    MPI_Type_create_hvector(2, 1, 3 * sizeof(int), MPI_INT, &hv);
    int idisp[2] = {1, 4};
    MPI_Type_create_indexed_block(2, 2, idisp, MPI_SHORT, &ib);
    MPI_Aint hdisp[2] = {0, 2 * sizeof(double)};
    MPI_Type_create_hindexed_block(2, 1, hdisp, MPI_DOUBLE, &hb);
    MPI_Type_commit(&hv);
    MPI_Type_commit(&ib);
    MPI_Type_commit(&hb);
    for (int i = 0; i < 12; i++)
      s[i] = i;
    for (int i = 0; i < 8; i++)
      h[i] = i;
    d[0] = 0.5, d[1] = 1.5, d[2] = 2.5;
    MPI_Request reqs[3];
    MPI_Isend(h, 2, hv, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(s, 2, ib, 1, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(d, 1, hb, 1, 2, MPI_COMM_WORLD, &reqs[2]);
    h[1] = h[2] = h[5] = h[6] = -1;
    s[0] = s[3] = s[8] = s[11] = -1;
    d[1] = -1.0;
#ifndef FIXED
    h[7] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_block_ctors.c:[[@LINE-3]]
    // CHECK: is 28 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (2 x {{.*}}, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_block_ctors.c:[[@LINE-12]]
    s[9] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 2 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_block_ctors.c:[[@LINE-3]]
    // CHECK: is 18 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (2 x {{.*}}, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_block_ctors.c:[[@LINE-17]]
    d[2] = -1.0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_block_ctors.c:[[@LINE-3]]
    // CHECK: is 16 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x {{.*}}, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_block_ctors.c:[[@LINE-22]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    MPI_Type_free(&hv);
    MPI_Type_free(&ib);
    MPI_Type_free(&hb);
  } else {
    MPI_Recv(h, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(s, 8, MPI_SHORT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(d, 2, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d | %d %d %d %d %d %d %d %d | %g %g\n",
           h[0], h[1], h[2], h[3], s[0], s[1], s[2], s[3], s[4], s[5], s[6],
           s[7], d[0], d[1]);
    // OK: rank 1 received 0 3 4 7 | 1 2 4 5 6 7 9 10 | 0.5 2.5
  }
  MPI_Finalize();
  return 0;
}
