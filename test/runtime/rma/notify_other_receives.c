// Happens-before through the point-to-point receives that are not MPI_Recv
// or a wait: rank 0 puts into rank 1's window inside a lock_all epoch and
// flushes (the put is complete at the target), then notifies rank 1, which
// reads the element after it has the notification. Clean when the
// notification arrives by MPI_Mprobe + MPI_Mrecv (-DMRECV), by
// MPI_Request_get_status returning flag = 1 on an MPI_Irecv (-DGET_STATUS),
// or by MPI_Sendrecv_replace, whose one buffer is sent, then received into
// (-DREPLACE). Each made a false rma-remote-conflict report: the first two
// did not take in the sender's clocks, the third did not send them. Error
// (default): rank 1 reads before it receives the notification.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DMRECV %s -o %t.mrecv
// RUN: %mpiexec -n 2 %t.mrecv 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DGET_STATUS %s -o %t.status
// RUN: %mpiexec -n 2 %t.status 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DREPLACE %s -o %t.replace
// RUN: %mpiexec -n 2 %t.replace 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

static MPI_Request notification = MPI_REQUEST_NULL;

static int notify(int rank, int *token) {
#if defined(MRECV)
  if (rank == 0)
    return MPI_Send(token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  MPI_Message msg;
  MPI_Mprobe(0, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
  return MPI_Mrecv(token, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
#elif defined(GET_STATUS)
  // The request is waited on only after the window is read (in main).
  if (rank == 0)
    return MPI_Send(token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  int flag = 0;
  MPI_Irecv(token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &notification);
  while (!flag)
    MPI_Request_get_status(notification, &flag, MPI_STATUS_IGNORE);
  return *token; // the data is the program's once flag is set
#else
  int peer = 1 - rank;
  return MPI_Sendrecv_replace(token, 1, MPI_INT, peer, 0, peer, 0,
                              MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
}

int main(int argc, char **argv) {
  int rank, *mem, token = 0, seen = -1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
    int value = 3;
    MPI_Put(&value, 1, MPI_INT, 1, 6, 1, MPI_INT, win); // @put
    MPI_Win_flush(1, win);
  }
#if !defined(MRECV) && !defined(GET_STATUS) && !defined(REPLACE)
  if (rank == 1)
    seen = mem[6];
  // CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
  // CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}notify_other_receives.c:[[@LINE-2]]:{{[0-9]+}} in main; MPI_Put at {{.*}}notify_other_receives.c:[[@LINE-7]]:{{[0-9]+}} in main
  // CHECK-NOT: ERROR: MPISync
#endif
  notify(rank, &token);
  if (rank == 1) {
    MPI_Win_sync(win);
    seen = mem[6];
  }
  MPI_Wait(&notification, MPI_STATUS_IGNORE);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    printf("rank 1 seen %d\n", seen);
  // OK: rank 1 seen 3
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
