// The copies the library makes are logged and applied to an operation only
// when an access needs its verdict (mpisync_copy_log.h); past 2^18 logged
// copies the log is applied through the address index and emptied. The
// verdicts stay exact across that: a receive whose data arrived before
// 300,000 more copies (made while another receive stays pending, so the log
// is never forgotten) reads as latent; one started after them, whose data
// has not come, as manifest.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=RESULT < %t.out
#include <mpi.h>
#include <stdio.h>

#define COPIES 300000

int main(int argc, char **argv) {
  int rank, early[4] = {0}, late[4] = {0}, small = 0, keep = 0, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request held, req_early, req_late, req;
    MPI_Irecv(&keep, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &held);
    MPI_Irecv(early, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req_early);
    MPI_Barrier(MPI_COMM_WORLD); // message 0 was sent: it arrives before
                                 // the first of tag 1
    for (int i = 0; i < COPIES; i++) {
      MPI_Irecv(&small, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Irecv(late, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &req_late);
    v += early[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_copy_log_full.c:[[@LINE-3]]
    v += late[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_copy_log_full.c:[[@LINE-3]]
    MPI_Barrier(MPI_COMM_WORLD); // now message 2 and the held one go
    MPI_Wait(&req_early, MPI_STATUS_IGNORE);
    MPI_Wait(&req_late, MPI_STATUS_IGNORE);
    MPI_Wait(&held, MPI_STATUS_IGNORE);
    printf("received %d %d %d (%d)\n", early[3], late[3], keep, v);
    // RESULT: received 4 4 9
  } else {
    int data[4] = {1, 2, 3, 4}, nine = 9;
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < COPIES; i++)
      MPI_Send(&i, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
    MPI_Send(&nine, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
