// A send started by the main thread is completed by thread T1's MPI_Wait;
// the main thread writes the buffer 200 ms later, after the wait in
// wall-clock time, but nothing orders the wait before the write: another
// schedule writes while MPI still reads. Only happens-before finds it.
// Twin (-DFIXED): the main thread joins T1 first, which orders the wait.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t -lpthread
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// The JSON log names the thread of each stack (0: main thread, 1: T1):
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env MPISYNC_OPTIONS=log_format=json:log_path=\"%t.d/json\" not %mpiexec -n 2 %t
// RUN: cat %t.d/json.0.* | FileCheck %s --check-prefix=JSON
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok -lpthread
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int buf[8];
static MPI_Request req;

static void *waiter(void *arg) {
  (void)arg;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return NULL;
}

int main(int argc, char **argv) {
  int rank, provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    pthread_t t;
    for (int i = 0; i < 8; i++)
      buf[i] = i;
    MPI_Isend(buf, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    pthread_create(&t, NULL, waiter, NULL);
#ifdef FIXED
    pthread_join(t, NULL);
#else
    usleep(300000); // the wait is over by now, but not ordered before:
#endif
    buf[2] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0, main thread (latent: no synchronization orders it after the completion by MPI_Wait in thread T1
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}hb_isend_write_pthread.c:[[@LINE-3]]
    // CHECK: of a completed MPI_Isend (8 x MPI_INT, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}hb_isend_write_pthread.c:[[@LINE-12]]
    // CHECK: The operation was completed by MPI_Wait in thread T1 here
    // CHECK-NEXT: #0 {{.*}} in waiter {{.*}}hb_isend_write_pthread.c:24
    // JSON: "role":"access",{{.*}}"top":{{[0-9]+}},"thread":0}
    // JSON-SAME: "role":"mpi_call",{{.*}}"top":{{[0-9]+}}}
    // JSON-SAME: "role":"completion",{{.*}}"top":{{[0-9]+}},"thread":1}
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}hb_isend_write_pthread.c:[[@LINE-11]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}hb_isend_write_pthread.c:[[@LINE-18]]
#ifndef FIXED
    pthread_join(t, NULL);
#endif
    buf[3] = -1; // ordered by the join: not reported
  } else {
    MPI_Recv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 got %d %d\n", buf[2], buf[7]);
    // OK: rank 1 got 2 7
  }
  MPI_Finalize();
  return 0;
}
