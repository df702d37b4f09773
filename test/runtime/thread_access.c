// MPI 4.1 3.7.2 and 11.6: a pending receive buffer belongs to MPI for every
// thread of the process; a write from another thread (MPI_THREAD_MULTIPLE)
// is the same error. Twin (-DFIXED): the thread runs after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t -lpthread
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok -lpthread
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static int buf[8];

static void *writer(void *arg) {
  buf[5] = *(int *)arg;
  return NULL;
}
// CHECK: ERROR: MPISync: recv-buffer-access on rank 1
// CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1, thread T1 (manifest
// CHECK-NEXT: #0 {{.*}} in writer {{.*}}thread_access.c:[[@LINE-5]]
// CHECK: is 20 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (8 x MPI_INT, element 5), started here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}thread_access.c:[[@LINE+15]]
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}thread_access.c:[[@LINE-8]]:{{[0-9]+}} in writer; MPI_Irecv at {{.*}}thread_access.c:[[@LINE+14]]
// CHECK-NOT: ERROR: MPISync

int main(int argc, char **argv) {
  int rank, provided, value = 42;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (provided < MPI_THREAD_MULTIPLE) {
    printf("MPI_THREAD_MULTIPLE not provided\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (rank == 1) {
    pthread_t thread;
    MPI_Request req;
    MPI_Irecv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    pthread_create(&thread, NULL, writer, &value);
    pthread_join(thread, NULL);
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("rank 1 has %d %d\n", buf[0], buf[5]);
    // OK: rank 1 has 7 42
  } else {
    int data[8] = {7, 7, 7, 7, 7, 7, 7, 7};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
