// Correct: a second thread completes the receive and then raises a flag
// with a release store; the main thread's loop reads the buffer only after
// it saw the flag with an acquire load inside the loop. The acquire orders
// the completion before the reads, so nothing is pending when they run: a
// check of the loop's whole range before the loop (the loop makes no call)
// would report the buffer as still pending (pass/StateChangingCalls.h).
// RUN: %mpicc -fsanitize=mpisync -O2 -pthread %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static double buf[64];
static _Atomic int ready;
static MPI_Request req;

static void *completer(void *arg) {
  (void)arg;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  atomic_store_explicit(&ready, 1, memory_order_release);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Irecv(buf, 64, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
    pthread_t t;
    pthread_create(&t, NULL, completer, NULL);
    MPI_Barrier(MPI_COMM_WORLD); // the sender sends after this
    double s = 0;
    for (int i = 0; i < 64; i++) {
      if (i == 0)
        while (!atomic_load_explicit(&ready, memory_order_acquire))
          ;
      s += buf[i];
    }
    pthread_join(t, NULL);
    printf("sum %g\n", s);
    // CHECK: sum 2016
  } else {
    double sb[64];
    for (int i = 0; i < 64; i++)
      sb[i] = i;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(sb, 64, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
