// RMA: the main thread puts from `origin` and closes the epoch with
// MPI_Win_fence; thread T1 writes `origin` 300 ms later, after the fence
// in wall-clock time, but nothing orders the fence before the write
// (another schedule overwrites the data before MPI has read it).
// Twin (-DFIXED): a pthread barrier after the fence orders it.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t -lpthread
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok -lpthread
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int origin[8];
static pthread_barrier_t fenced;

static void *writer(void *arg) {
  (void)arg;
#ifdef FIXED
  pthread_barrier_wait(&fenced);
#else
  usleep(300000); // the fence is over by now, but not ordered before:
#endif
  origin[1] = -1;
  // CHECK: ERROR: MPISync: rma-origin-buffer-write on rank 0
  // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0, thread T1 (latent: no synchronization orders it after the completion by MPI_Win_fence in main thread
  // CHECK-NEXT: #0 {{.*}} in writer {{.*}}hb_rma_origin_write_barrier.c:[[@LINE-3]]
  // CHECK: of a completed MPI_Put (8 x MPI_INT, element 1), started here:
  // CHECK: The operation was completed by MPI_Win_fence in main thread here
  return NULL;
}

int main(int argc, char **argv) {
  int rank, provided, *base;
  MPI_Win win;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(8 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 8; i++)
    base[i] = 0;
  MPI_Win_fence(0, win);
  if (rank == 0) {
    pthread_t t;
    pthread_barrier_init(&fenced, NULL, 2);
    for (int i = 0; i < 8; i++)
      origin[i] = 10 + i;
    pthread_create(&t, NULL, writer, NULL);
    MPI_Put(origin, 8, MPI_INT, 1, 0, 8, MPI_INT, win);
    MPI_Win_fence(0, win);
#ifdef FIXED
    pthread_barrier_wait(&fenced);
#endif
    pthread_join(t, NULL);
  } else {
    MPI_Win_fence(0, win);
    printf("rank 1 has %d %d\n", base[0], base[7]);
    // OK: rank 1 has 10 17
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
