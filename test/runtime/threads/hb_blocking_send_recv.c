// Two threads use one buffer with blocking calls: thread T1 receives into
// it, the main thread sends from it 300 ms later, after the receive in
// wall-clock time, but nothing orders the receive before the send (another
// schedule sends while the receive still writes). Twin (-DFIXED): the
// main thread joins T1 first.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t -lpthread
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok -lpthread
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int buf[16];

static void *receiver(void *arg) {
  (void)arg;
  MPI_Recv(buf, 16, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return NULL;
}

int main(int argc, char **argv) {
  int rank, provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    pthread_t t;
    pthread_create(&t, NULL, receiver, NULL);
#ifdef FIXED
    pthread_join(t, NULL);
#else
    usleep(300000); // the receive is over by now, but not ordered before:
#endif
    MPI_Send(buf, 16, MPI_INT, 1, 1, MPI_COMM_WORLD);
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 0
    // CHECK-NEXT: The send buffer of MPI_Send [{{.*}}) in main thread overlaps, at {{.*}}, the receive buffer of MPI_Recv that thread T1 completed, and no synchronization orders that completion before this start
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}hb_blocking_send_recv.c:[[@LINE-3]]
    // CHECK: of a completed MPI_Recv (16 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in receiver {{.*}}hb_blocking_send_recv.c:19
#ifndef FIXED
    pthread_join(t, NULL);
#endif
  } else {
    int out[16], back[16];
    for (int i = 0; i < 16; i++)
      out[i] = 40 + i;
    MPI_Send(out, 16, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Recv(back, 16, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 got back %d %d\n", back[0], back[15]);
    // OK: rank 1 got back 40 55
  }
  MPI_Finalize();
  return 0;
}
