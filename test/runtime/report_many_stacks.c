// The stack of each MPI call is looked up in a table of the stacks this
// thread captured before (runtime/mpisync_stack.cpp) ahead of the depot:
// a time step that calls MPI from hundreds of sites comes back to each.
// Here one MPI_Isend is reached through 12 levels of a recursion whose
// every level calls from one of two lines, chosen by a bit of `path`:
// 4,096 distinct stacks, twice the table's entries, so that entries are
// overwritten while the sends go on. The send that is still pending when
// its buffer is written is reported with its own path: the twelve lines
// its recursion took (2741 = 0b101010110101, taken from the lowest bit at
// the outermost level), whatever the table held.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.fixed
// RUN: %mpiexec -n 2 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include <mpi.h>
#include <stdio.h>

#define LEVELS 12
#define PATHS (1 << LEVELS)

static volatile int depth_sum;

// Not tail calls, and not merged: each level keeps its frame, with the line
// it called from.
__attribute__((noinline)) static int walk(int path, int level, int *buf,
                                          MPI_Request *req) {
  if (level == 0)
    return MPI_Isend(buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, req);
  int rc;
  if (path & 1) {
    __attribute__((nomerge)) rc = walk(path >> 1, level - 1, buf, req);
  } else {
    __attribute__((nomerge)) rc = walk(path >> 1, level - 1, buf, req);
  }
  depth_sum += level;
  return rc;
}

int main(int argc, char **argv) {
  int rank, value = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    for (int round = 0; round < 2; round++)
      for (int path = 0; path < PATHS; path++) {
        value = path;
        walk(path, LEVELS, &value, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
      }
    value = 1;
    walk(2741, LEVELS, &value, &req);
#ifndef FIXED
    value = 2;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}report_many_stacks.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Isend
    // CHECK-NEXT: #0 {{.*}} in walk {{.*}}report_many_stacks.c:29
    // CHECK-NEXT: #1 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #2 {{.*}} in walk {{.*}}report_many_stacks.c:34
    // CHECK-NEXT: #3 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #4 {{.*}} in walk {{.*}}report_many_stacks.c:34
    // CHECK-NEXT: #5 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #6 {{.*}} in walk {{.*}}report_many_stacks.c:34
    // CHECK-NEXT: #7 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #8 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #9 {{.*}} in walk {{.*}}report_many_stacks.c:34
    // CHECK-NEXT: #10 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #11 {{.*}} in walk {{.*}}report_many_stacks.c:34
    // CHECK-NEXT: #12 {{.*}} in walk {{.*}}report_many_stacks.c:32
    // CHECK-NEXT: #13 {{.*}} in main {{.*}}report_many_stacks.c:[[@LINE-20]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    int sum = 0;
    for (int i = 0; i < 2 * PATHS + 1; i++) {
      MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += value;
    }
    printf("received %d\n", sum);
    // FIXED: received 16773121
  }
  MPI_Finalize();
  return 0;
}
