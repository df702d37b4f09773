// The buffers of a pending MPI_Ibcast belong to MPI until MPI_Wait (MPI 4.1
// 6.12): the root may not reuse its buffer, the others may not read theirs.
// MPICH sends the root's data inside MPI_Ibcast here, so reusing it early
// goes unnoticed; amplify starts the broadcast only when the root blocks,
// so the others get the overwritten data, and a non-root that peeks at its
// buffer before MPI_Wait reads the poison.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 3 %t
// RUN: env MPISYNC_OPTIONS=amplify=1 not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=POISON < %t.out
// RUN: FileCheck %s --check-prefix=LATE < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.fixed
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 3 %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: rank {{[12]}} peeked {{-?}}nan
// CHECK: Assertion
// POISON: ERROR: MPISync: recv-buffer-access on rank {{[12]}}
// POISON: amplified: poison
// POISON: SUMMARY: MPISync: recv-buffer-access {{.*}}ibcast_buffer_reused.c:{{[0-9]+}}:{{[0-9]+}} in main; MPI_Ibcast at
// LATE: ERROR: MPISync: send-buffer-write on rank 0
// LATE: amplified: late-send
// LATE: SUMMARY: MPISync: send-buffer-write {{.*}}ibcast_buffer_reused.c:{{[0-9]+}}:{{[0-9]+}} in main; MPI_Ibcast at
// FIXED-NOT: MPISync
// FIXED: rank 1 got 1 1 1 1
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double buf[4] = {0, 0, 0, 0}, peek = 0;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    for (int i = 0; i < 4; i++)
      buf[i] = 1;
  MPI_Ibcast(buf, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
  if (rank == 0)
    buf[3] = 9; // BUG: the root's buffer is still MPI's
  else
    peek = buf[0]; // BUG: so is the others'
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#ifdef FIXED
  if (rank == 0)
    buf[3] = 1;
  else
    peek = buf[0];
#endif
  if (rank != 0) {
    fprintf(stderr, "rank %d peeked %g\n", rank, peek);
    fprintf(stderr, "rank %d got %g %g %g %g\n", rank, buf[0], buf[1], buf[2],
            buf[3]);
    assert(buf[3] == 1);
  }
  MPI_Finalize();
  return 0;
}
