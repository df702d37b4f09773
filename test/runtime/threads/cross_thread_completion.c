// A request started in one thread and completed in another: its buffer is
// pending until the other thread's MPI_Wait, so a write between the start
// and that wait (ordered by a join) is reported with both sides named.
// RUN: %mpicc -fsanitize=mpisync -pthread %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static int rank, data[16];
static MPI_Request req;

static void *starter(void *arg) {
  (void)arg;
  MPI_Irecv(data, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  return NULL;
}

static void *completer(void *arg) {
  (void)arg;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    pthread_t a, b;
    pthread_create(&a, NULL, starter, NULL);
    pthread_join(a, NULL);
    data[4] = 1;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}cross_thread_completion.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Irecv (16 x MPI_INT, element 4), started here:
    // CHECK-NEXT: #0 {{.*}} in starter {{.*}}cross_thread_completion.c:15
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_create(&b, NULL, completer, NULL);
    pthread_join(b, NULL);
    data[5] = 2; // completed: the program's again
    printf("data[0] %d\n", data[0]);
  } else {
    int out[16];
    for (int i = 0; i < 16; i++)
      out[i] = 100 + i;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(out, 16, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
