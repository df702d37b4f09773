// The receive buffer of an active persistent collective (MPI_Allreduce_init,
// MPI 4.1 6.13) belongs to MPI from MPI_Start to MPI_Wait. Natively an early
// peek sees the previous round's result, a partial sum or this one's; amplify binds a
// bounce buffer at MPI_Allreduce_init and fills the program's buffer with
// the poison at every MPI_Start, so the peek reads -1.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: ERROR: MPISync: recv-buffer-access on rank {{[01]}}
// CHECK: of a pending MPI_Allreduce_init (1 x MPI_INT, element 0), started by MPI_Start here:
// CHECK: amplified: poison
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}persistent_allreduce_read_before_wait.c:39:{{[0-9]+}} in main; MPI_Start at {{.*}}persistent_allreduce_read_before_wait.c:35:
// CHECK: rank 0 round 0 peeked -1
// CHECK: Assertion
// FIXED-NOT: MPISync
// FIXED: rank 0 round 0 got 3
// FIXED: rank 0 round 1 got 6
// FIXED: rank 0 round 2 got 9
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, in = 0, sum = 0, peek = 0;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce_init(&in, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                     MPI_INFO_NULL, &req);
  for (int round = 0; round < 3; round++) {
    in = (rank + 1) * (round + 1);
    MPI_Start(&req);
#ifdef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    peek = sum; // BUG (without -DFIXED): the result is MPI's until MPI_Wait
#ifndef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    if (rank == 0) {
      fprintf(stderr, "rank 0 round %d peeked %d\n", round, peek);
      fprintf(stderr, "rank 0 round %d got %d\n", round, sum);
      // The previous round's result, a partial sum (MPICH starts from
      // this rank's input) or this round's result.
      assert(peek >= 0 && peek <= 3 * (round + 1));
    }
  }
  MPI_Request_free(&req);
  MPI_Finalize();
  return 0;
}
// MPI-4 calls (persistent collectives, MPI_Isendrecv): not in Open MPI 4.1.
// REQUIRES: mpi-4
