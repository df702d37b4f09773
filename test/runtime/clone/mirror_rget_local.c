// Request-based gets that the parent's MPI completes inside MPI_Rget (a
// target on the process itself) may all get one request handle (MPICH
// returns one completed request for them): their results reach the clones
// at MPI_Rget, so each clone's buffers hold what its parent's do whether
// the requests are completed by MPI_Testall, MPI_Waitall, one MPI_Wait each
// or MPI_Waitany, for gets from this process's window and from the other
// rank's. Before, a clone of a process that read its own window got the
// second value in the first buffer (MPICH's rma/rget_testall).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain 2>&1
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1 2>&1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CLEAN < %t.k1
// CHECK: same: {{[0-9]+}} lines
// CLEAN-NOT: MPISync
// CLEAN: rank 0 testall self: 10 11 12 13
// CLEAN: rank 0 waitany other: 20 21 22 23
#include <mpi.h>
#include <stdio.h>

enum { kGets = 4 };

static void complete(const char *how, MPI_Request *reqs) {
  if (how[0] == 't') { // testall
    int flag = 0;
    while (!flag)
      MPI_Testall(kGets, reqs, &flag, MPI_STATUSES_IGNORE);
  } else if (how[4] == 'a' && how[5] == 'l') { // waitall
    MPI_Waitall(kGets, reqs, MPI_STATUSES_IGNORE);
  } else if (how[4] == 'a') { // waitany
    for (int k = 0; k < kGets; k++) {
      int index;
      MPI_Waitany(kGets, reqs, &index, MPI_STATUS_IGNORE);
    }
  } else { // wait
    for (int k = 0; k < kGets; k++)
      MPI_Wait(&reqs[k], MPI_STATUS_IGNORE);
  }
}

int main(int argc, char **argv) {
  int rank, size, *window;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_allocate(kGets * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &window, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  for (int i = 0; i < kGets; i++)
    window[i] = 10 * (rank + 1) + i;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  const char *ways[] = {"testall", "waitall", "wait", "waitany"};
  for (int w = 0; w < 4; w++)
    for (int other = 0; other < 2; other++) {
      int target = other ? (rank + 1) % size : rank, got[kGets] = {0};
      MPI_Request reqs[kGets];
      MPI_Win_lock_all(0, win);
      for (int i = 0; i < kGets; i++)
        MPI_Rget(&got[i], 1, MPI_INT, target, i, 1, MPI_INT, win, &reqs[i]);
      complete(ways[w], reqs);
      MPI_Win_unlock_all(win);
      printf("rank %d %s %s: %d %d %d %d\n", rank, ways[w],
             other ? "other" : "self", got[0], got[1], got[2], got[3]);
    }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
