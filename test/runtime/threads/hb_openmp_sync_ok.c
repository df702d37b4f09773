// Correct MPI+OpenMP programs whose threads touch one another's buffers
// only after OpenMP orders the completion before the access: a critical
// section, taskwait, an OpenMP lock, an atomic flag, and barriers. Every
// access happens long after the wait in wall-clock time (so only
// happens-before tells them from races); none is reported.
// RUN: %mpicc -fsanitize=mpisync -fopenmp -g %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

#define N 64
static int buf[4][N];
static int peer;

static void exchange(int *b, int tag) {
  MPI_Request r[2];
  static int out[N];
  for (int i = 0; i < N; i++)
    out[i] = tag * 1000 + i;
  MPI_Irecv(b, N, MPI_INT, peer, tag, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(out, N, MPI_INT, peer, tag, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv) {
  int rank, provided;
  long sum = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  peer = 1 - rank;
  omp_lock_t lock;
  omp_init_lock(&lock);
  int done_critical = 0, done_lock = 0, flag = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  {
    int me = omp_get_thread_num();
    // 1. critical: thread 0 exchanges inside, thread 1 reads after it
    //    entered the same critical section and saw the flag.
    if (me == 0) {
#pragma omp critical
      {
        exchange(buf[0], 1);
        done_critical = 1;
      }
    } else {
      int seen = 0;
      while (!seen) {
#pragma omp critical
        seen = done_critical;
        if (!seen)
          usleep(1000);
      }
      usleep(100000);
      sum += buf[0][5];
    }
#pragma omp barrier
    // 2. an OpenMP lock.
    if (me == 1) {
      omp_set_lock(&lock);
      exchange(buf[1], 2);
      done_lock = 1;
      omp_unset_lock(&lock);
    } else {
      int seen = 0;
      while (!seen) {
        omp_set_lock(&lock);
        seen = done_lock;
        omp_unset_lock(&lock);
        if (!seen)
          usleep(1000);
      }
      usleep(100000);
      sum += buf[1][5];
    }
#pragma omp barrier
    // 3. an atomic flag (release/acquire).
    if (me == 0) {
      exchange(buf[2], 3);
#pragma omp atomic write release
      flag = 1;
    } else {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read acquire
        seen = flag;
        if (!seen)
          usleep(1000);
      }
      usleep(100000);
      sum += buf[2][5];
    }
    // 4. tasks and taskwait, then a barrier.
#pragma omp single
    {
#pragma omp task
      exchange(buf[3], 4);
#pragma omp taskwait
      usleep(100000);
      sum += buf[3][5];
    }
#pragma omp barrier
    if (me == 1) {
      usleep(100000);
      sum += buf[3][6];
    }
  }
  omp_destroy_lock(&lock);
  printf("rank %d sum %ld\n", rank, sum);
  // CHECK: rank {{[01]}} sum 14026
  // CHECK: rank {{[01]}} sum 14026
  MPI_Finalize();
  return 0;
}
