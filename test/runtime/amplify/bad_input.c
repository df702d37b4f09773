// Amplify's options are checked at start-up like every option: a bad value
// is one line naming the option, and the program does not run. Under
// amplify=1, bad handles and odd arguments reach MPI, which reports them
// as it does without amplify: no crash or hang in the layer.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_order=sideways not %t > %t.order 2>&1
// RUN: FileCheck %s --check-prefix=ORDER --implicit-check-not=hello < %t.order
// RUN: count 1 < %t.order
// RUN: env MPISYNC_OPTIONS=amplify=1:poison_byte=256 not %t 2>&1 | FileCheck %s --check-prefix=POISON --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_split=3 not %t 2>&1 | FileCheck %s --check-prefix=SPLIT --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=amplify=1:seed=-4 not %t 2>&1 | FileCheck %s --check-prefix=SEED --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=amplify=1:amplify_latency_us=x not %t 2>&1 | FileCheck %s --check-prefix=LATENCY --implicit-check-not=hello
// A typo is an error even while amplify is off.
// RUN: env MPISYNC_OPTIONS=amplify_order=revers not %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=RAN
// ORDER: ERROR: MPISync: invalid value 'sideways' for option 'amplify_order' (expected program, reverse, random, put_first or get_first)
// POISON: ERROR: MPISync: invalid value '256' for option 'poison_byte'
// SPLIT: ERROR: MPISync: invalid value '3' for option 'amplify_split'
// SEED: ERROR: MPISync: value '-4' for option 'seed' is out of range (expected 0..2147483647)
// LATENCY: ERROR: MPISync: invalid value 'x' for option 'amplify_latency_us' (expected an integer)
// OFF: ERROR: MPISync: invalid value 'revers' for option 'amplify_order'
// RAN-NOT: MPISync
// RAN: hello from
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, x = 1, y[4] = {0}, *w;
  MPI_Win win;
  MPI_Request reqs[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL,
                         MPI_REQUEST_NULL};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  // MPI_REQUEST_NULL everywhere, MPI_PROC_NULL peers, zero counts.
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
  int idx, flag, outcount, indices[3];
  MPI_Waitany(3, reqs, &idx, MPI_STATUS_IGNORE);
  MPI_Testsome(3, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
  MPI_Test(&reqs[0], &flag, MPI_STATUS_IGNORE);
  MPI_Request_free(&reqs[0]); // an error MPI reports; not a crash
  MPI_Isend(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(y, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Irecv(y, 0, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &reqs[2]);
  MPI_Send(&x, 0, MPI_INT, rank, 9, MPI_COMM_WORLD);
  MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
  // Invalid arguments go to MPI, which returns its error.
  int rc = MPI_Isend(&x, -1, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  if (rc == MPI_SUCCESS)
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  // In-place collectives.
  MPI_Request r;
  MPI_Iallreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  // RMA to MPI_PROC_NULL, zero counts.
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &w, &win);
  MPI_Win_fence(0, win);
  MPI_Put(&x, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win);
  MPI_Get(y, 0, MPI_INT, (rank + 1) % 2, 0, 0, MPI_INT, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  printf("hello from %d, x=%d y=%d\n", rank, x, y[0]);
  MPI_Finalize();
  return 0;
}
