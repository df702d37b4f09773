// MPI_THREAD_MULTIPLE under stress, with requests crossing threads: on each
// rank a poster thread starts exchanges (MPI_Irecv + MPI_Isend into one of
// SLOTS buffer pairs) and hands the requests over; a completer thread
// completes them (MPI_Waitall, or MPI_Testall polling), checks the data and
// gives the slot back; a third thread runs nonblocking reductions on its own
// communicator, polling with MPI_Test, while writing memory of its own. Many
// rounds, all threads busy: no report, no deadlock, correct sums.
// RUN: %mpicc -fsanitize=mpisync -O1 -pthread %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

#define SLOTS 4
#define ROUNDS 600
#define N 32

static int rank, peer;
static int out[SLOTS][N], in[SLOTS][N];
static MPI_Request reqs[SLOTS][2];
// 0: free, 1: posted (requests handed to the completer)
static atomic_int state[SLOTS];
static long checked;
static MPI_Comm reduce_comm;
static long reduce_total;

static void *poster(void *arg) {
  (void)arg;
  for (int r = 0; r < ROUNDS; r++) {
    int s = r % SLOTS;
    // Yield while waiting: 2 ranks x 3 threads share the machine's cores,
    // and a spinning thread can starve the one it waits for.
    while (atomic_load_explicit(&state[s], memory_order_acquire) != 0)
      sched_yield();
    for (int i = 0; i < N; i++)
      out[s][i] = rank * 100000 + r * N + i; // the slot is free: the program's
    MPI_Irecv(in[s], N, MPI_INT, peer, r, MPI_COMM_WORLD, &reqs[s][0]);
    MPI_Isend(out[s], N, MPI_INT, peer, r, MPI_COMM_WORLD, &reqs[s][1]);
    atomic_store_explicit(&state[s], 1, memory_order_release);
  }
  return NULL;
}

static void *completer(void *arg) {
  (void)arg;
  for (int r = 0; r < ROUNDS; r++) {
    int s = r % SLOTS;
    while (atomic_load_explicit(&state[s], memory_order_acquire) != 1)
      sched_yield();
    if (r % 2) {
      MPI_Waitall(2, reqs[s], MPI_STATUSES_IGNORE);
    } else {
      int flag = 0;
      while (!flag) {
        MPI_Testall(2, reqs[s], &flag, MPI_STATUSES_IGNORE);
        if (!flag)
          sched_yield();
      }
    }
    for (int i = 0; i < N; i++)
      if (in[s][i] == peer * 100000 + r * N + i)
        checked++;
    atomic_store_explicit(&state[s], 0, memory_order_release);
  }
  return NULL;
}

static void *reducer(void *arg) {
  (void)arg;
  double scratch[64];
  for (int r = 0; r < ROUNDS / 4; r++) {
    long mine = rank + r, sum = 0;
    MPI_Request req;
    MPI_Iallreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, reduce_comm, &req);
    int flag = 0;
    while (!flag) {
      for (int i = 0; i < 64; i++) // memory no operation owns
        scratch[i] = r + i * 0.5;
      MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
      if (!flag)
        sched_yield();
    }
    reduce_total += sum + (long)scratch[0] - (long)scratch[0];
  }
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    printf("no MPI_THREAD_MULTIPLE\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  peer = 1 - rank;
  MPI_Comm_dup(MPI_COMM_WORLD, &reduce_comm);
  pthread_t th[3];
  pthread_create(&th[0], NULL, poster, NULL);
  pthread_create(&th[1], NULL, completer, NULL);
  pthread_create(&th[2], NULL, reducer, NULL);
  for (int t = 0; t < 3; t++)
    pthread_join(th[t], NULL);
  printf("rank %d checked %ld reduced %ld\n", rank, checked, reduce_total);
  // CHECK-DAG: rank 0 checked 19200 reduced 22500
  // CHECK-DAG: rank 1 checked 19200 reduced 22500
  MPI_Comm_free(&reduce_comm);
  MPI_Finalize();
  return 0;
}
