// A nonblocking broadcast started and completed by thread T1; the main
// thread reads the received data 300 ms later, after the wait in
// wall-clock time, with nothing ordering the wait before the read.
// Twin (-DFIXED): T1 publishes "done" under a mutex the main thread takes
// before reading, which orders the wait before the read.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t -lpthread
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok -lpthread
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static double data[32];
static int done;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *broadcaster(void *arg) {
  (void)arg;
  MPI_Request req;
  MPI_Ibcast(data, 32, MPI_DOUBLE, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  pthread_mutex_lock(&mu);
  done = 1;
  pthread_mutex_unlock(&mu);
  return NULL;
}

int main(int argc, char **argv) {
  int rank, provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    for (int i = 0; i < 32; i++)
      data[i] = 0.5 * i;
  pthread_t t;
  pthread_create(&t, NULL, broadcaster, NULL);
  if (rank == 1) {
#ifdef FIXED
    int seen = 0;
    while (!seen) {
      pthread_mutex_lock(&mu);
      seen = done;
      pthread_mutex_unlock(&mu);
      usleep(1000);
    }
#else
    usleep(300000); // the broadcast is over by now, but not ordered before:
#endif
    printf("rank 1 has %g\n", data[7]);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1, main thread (latent: no synchronization orders it after the completion by MPI_Wait in thread T1
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}hb_ibcast_read_mutex.c:[[@LINE-3]]
    // CHECK: of a completed MPI_Ibcast (32 x MPI_DOUBLE, element 7), started here:
    // CHECK-NEXT: #0 {{.*}} in broadcaster {{.*}}hb_ibcast_read_mutex.c:22
    // CHECK: The operation was completed by MPI_Wait in thread T1 here
    // CHECK-NEXT: #0 {{.*}} in broadcaster {{.*}}hb_ibcast_read_mutex.c:23
    // OK: rank 1 has 3.5
  }
  pthread_join(t, NULL);
  MPI_Finalize();
  return 0;
}
