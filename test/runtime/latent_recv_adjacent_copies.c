// DESIGN 1 (manifest vs latent), the copy log's merging: two copies into
// adjacent memory become one entry only if no operation was activated
// between them (mpisync_copy_log.cpp, PushCopy). Rank 1 receives into
// the halves of `buf`:
//   - `first` is posted and its message copied (inside a barrier); then
//     `second` is posted into the next half and its message copied inside
//     a later barrier: adjacent to the first copy, but made after
//     `second` became active. Merged into the first copy's entry it would
//     predate `second`, whose read would turn manifest.
//   - `a` and `b` are both posted before their messages are copied inside
//     one barrier: the merged entry counts for both.
// Every read below is before its wait (an error, MPI 4.1 3.7.2) and each
// one's data is already there: latent, all four.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=manifest
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8] = {0}, pair[8] = {0}, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req[4];
    MPI_Irecv(buf, 4, MPI_INT, 0, 5, MPI_COMM_WORLD, &req[0]);
    MPI_Barrier(MPI_COMM_WORLD); // rank 0 sends tag 5 after this
    MPI_Barrier(MPI_COMM_WORLD); // ... and enters this one after its send
    MPI_Irecv(buf + 4, 4, MPI_INT, 0, 6, MPI_COMM_WORLD, &req[1]);
    MPI_Barrier(MPI_COMM_WORLD); // rank 0 sends tag 6 after this
    MPI_Barrier(MPI_COMM_WORLD);
    v += buf[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_recv_adjacent_copies.c:[[@LINE-3]]
    v += buf[4];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_recv_adjacent_copies.c:[[@LINE-3]]
    MPI_Irecv(pair, 4, MPI_INT, 0, 7, MPI_COMM_WORLD, &req[2]);
    MPI_Irecv(pair + 4, 4, MPI_INT, 0, 8, MPI_COMM_WORLD, &req[3]);
    MPI_Barrier(MPI_COMM_WORLD); // rank 0 sends tags 7 and 8 after this
    MPI_Barrier(MPI_COMM_WORLD);
    v += pair[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_recv_adjacent_copies.c:[[@LINE-3]]
    v += pair[4];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_recv_adjacent_copies.c:[[@LINE-3]]
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
  } else {
    int data[4] = {1, 2, 3, 4};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 5, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 6, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 7, MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 8, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  printf("v = %d\n", v);
  MPI_Finalize();
  return 0;
}
