// A send's verdict (manifest or latent) needs to know whether the library
// has finished with its data; MPISync asks the library
// (MPI_Request_get_status, a progress poll) only for a write that breaks
// the send's rules, not at every start, where every thread that may find
// such a write may call MPI (runtime/mpisync_send_status.h). Here, under
// MPI_Init's level with one thread: 20 correct 64 KiB sends (rendezvous
// with the suite's UCX settings: not complete when MPI_Isend returns) ask
// nothing at their start, and a send of a vector type written while
// pending is latent (packed inside MPI_Isend: rank 1 gets the old value),
// asked at the write where no copy of the data was seen (MPICH's datatype
// engine packs with its own loops). A thread level that lets other threads
// write (-DFUNNELED) keeps asking at the start: the verdict is the same.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefixes=DATA,SINGLE < %t.out
// RUN: not grep 'send status queries *[1-9][0-9]* at a start' %t.out
// RUN: %mpicc -fsanitize=mpisync -DFUNNELED %s -o %t.funneled
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t.funneled > %t.funneled.out 2>&1
// RUN: FileCheck %s < %t.funneled.out
// RUN: FileCheck %s --check-prefixes=DATA,FUNNELED < %t.funneled.out
#include <mpi.h>
#include <stdio.h>

#define SENDS 20
#define SIZE 65536

int main(int argc, char **argv) {
  int rank, last[8];
  static char buf[SENDS][SIZE];
#ifdef FUNNELED
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
#else
  MPI_Init(&argc, &argv);
#endif
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype vec;
  MPI_Type_vector(4, 1, 2, MPI_INT, &vec); // elements 0, 2, 4, 6
  MPI_Type_commit(&vec);
  if (rank == 0) {
    MPI_Request reqs[SENDS];
    for (int s = 0; s < SENDS; s++)
      MPI_Isend(buf[s], SIZE, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &reqs[s]);
    MPI_Waitall(SENDS, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 8; i++)
      last[i] = i;
    MPI_Request req;
    MPI_Isend(last, 1, vec, 1, 1, MPI_COMM_WORLD, &req);
    last[4] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (latent: the library had already moved the data in this run)
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}send_status_at_write.c:[[@LINE-3]]
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    for (int s = 0; s < SENDS; s++)
      MPI_Recv(buf[s], SIZE, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(last, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", last[2]);
  }
  // The two ranks' lines in any order:
  // DATA-DAG: rank 1 received 4
  // SINGLE-DAG: send status queries{{ +}}0 at a start, {{[01]}} at a write
  // FUNNELED-DAG: send status queries{{ +}}{{[1-9][0-9]*}} at a start
  MPI_Type_free(&vec);
  MPI_Finalize();
  return 0;
}
