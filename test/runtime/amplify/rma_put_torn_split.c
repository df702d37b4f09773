// Atomicity stage: a Put is not atomic, not even per element (MPI 4.1
// 12.7). Two Puts of a two-element record to one location in one epoch
// conflict; the program expects the record to be one of the two, never a
// mix. MPICH writes each Put whole and in order; amplify splits each into
// one Put per element and, with amplify_order=random, interleaves the
// pieces: with this seed the target ends with a torn record. The fixed
// program completes the first Put before the second and passes for every
// seed.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// Replaying the seed gives the same order, hence the same torn record.
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=1:amplify_split=0:exitcode=0 %mpiexec -n 2 %t
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=1 %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=4 %mpiexec -n 2 %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=5 %mpiexec -n 2 %t.fixed
// CHECK: amplify_order=random seed=1 (replay with MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=1)
// CHECK: record is 1 2
// CHECK: Assertion
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *rec, result[2] = {0, 0};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &rec, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  rec[0] = rec[1] = 0;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int first[2] = {1, 1}, second[2] = {2, 2};
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(first, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
#ifdef FIXED
    MPI_Win_flush(1, win);
#endif
    MPI_Put(second, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
    MPI_Win_unlock(1, win);
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Get(result, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  if (rank == 0) {
    fprintf(stderr, "record is %d %d\n", result[0], result[1]);
    assert(result[0] == result[1]);
  }
  MPI_Finalize();
  return 0;
}
