// The copy log (mpisync_copy_log.h) drops, before it grows, the copies
// every active operation has seen: a program that always keeps a receive
// pending (two alternate, each waited for after the next is started) never
// empties the active set, where the log is otherwise forgotten. The
// verdicts stay exact: a receive whose data arrived while 100,000 copies
// were logged before and after it (the log trimmed many times, never past
// it) reads as latent; one whose data has not come, as manifest.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=RESULT < %t.out
#include <mpi.h>
#include <stdio.h>

#define COPIES 100000

// Receives n small messages of tag 1, always one pending: the next is
// started before the previous is waited for.
static int alternate(int n) {
  int buf[2] = {0, 0}, sum = 0;
  MPI_Request req[2];
  MPI_Irecv(&buf[0], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req[0]);
  for (int i = 1; i < n; i++) {
    MPI_Irecv(&buf[i % 2], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req[i % 2]);
    MPI_Wait(&req[(i - 1) % 2], MPI_STATUS_IGNORE);
    sum += buf[(i - 1) % 2];
  }
  MPI_Wait(&req[(n - 1) % 2], MPI_STATUS_IGNORE);
  return sum + buf[(n - 1) % 2];
}

int main(int argc, char **argv) {
  int rank, early[4] = {0}, late[4] = {0}, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req_early, req_late;
    v += alternate(COPIES);
    MPI_Irecv(early, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req_early);
    MPI_Barrier(MPI_COMM_WORLD); // message 0 was sent: it arrives before
                                 // the next of tag 1
    v += alternate(COPIES);
    MPI_Irecv(late, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &req_late);
    v += early[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_copy_log_trimmed.c:[[@LINE-3]]
    v += late[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_copy_log_trimmed.c:[[@LINE-3]]
    MPI_Barrier(MPI_COMM_WORLD); // now message 2 goes
    MPI_Wait(&req_early, MPI_STATUS_IGNORE);
    MPI_Wait(&req_late, MPI_STATUS_IGNORE);
    printf("received %d %d (%d)\n", early[3], late[3], v);
    // RESULT: received 4 4 ({{[0-9]+}})
  } else {
    int data[4] = {1, 2, 3, 4};
    for (int i = 0; i < COPIES; i++)
      MPI_Send(&i, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < COPIES; i++)
      MPI_Send(&i, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
