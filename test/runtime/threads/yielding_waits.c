// yield_in_waits (docs/threads.md, "Waits under MPI_THREAD_MULTIPLE"):
// under MPI_THREAD_MULTIPLE the four waits are completed by polling their
// tests and yielding between polls; each must still return what the MPI's
// own wait returns: statuses, the index of MPI_Waitany, the outcount and
// indices of MPI_Waitsome, MPI_UNDEFINED when no request is active (null
// and inactive persistent requests), the request handles set to
// MPI_REQUEST_NULL, an error code under MPI_ERRORS_RETURN; and the
// detector still reports a buffer read while a receive is pending. Rank 1
// sends only after a delay, so rank 0's waits cannot finish in their first
// polls, and a second thread of rank 0 keeps waiting for a message of its
// own meanwhile.
// RUN: %mpicc -fsanitize=mpisync -pthread %s -o %t
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefixes=OUT,HELPER < %t.out
// RUN: FileCheck %s --check-prefixes=ERR,YIELD < %t.err
// RUN: env MPISYNC_OPTIONS=stats=1:yield_in_waits=0 not %mpiexec -n 2 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefixes=OUT,HELPER < %t.out
// RUN: FileCheck %s --check-prefixes=ERR,MPIWAIT < %t.err
// Below MPI_THREAD_MULTIPLE the MPI's own waits run: nothing is polled.
// RUN: %mpicc -fsanitize=mpisync -pthread -DLEVEL=MPI_THREAD_SERIALIZED %s -o %t.serialized
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t.serialized > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefixes=ERR,MPIWAIT < %t.err
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#ifndef LEVEL
#define LEVEL MPI_THREAD_MULTIPLE
#endif

enum { kHelperTag = 90 };

static void *helper(void *arg) {
  (void)arg;
  int x = 0;
  MPI_Request r;
  MPI_Irecv(&x, 1, MPI_INT, 1, kHelperTag, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  printf("helper: %d\n", x);
  return NULL;
}

static void late_send(int value, int tag) {
  usleep(20000);
  MPI_Send(&value, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, LEVEL, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (provided < LEVEL) {
    printf("thread level %d not provided\n", LEVEL);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  pthread_t t;
  if (rank == 0 && LEVEL == MPI_THREAD_MULTIPLE)
    pthread_create(&t, NULL, helper, NULL);
  if (rank == 1) {
    if (LEVEL == MPI_THREAD_MULTIPLE)
      late_send(77, kHelperTag);
    late_send(11, 1);                            // MPI_Wait
    late_send(21, 2), late_send(22, 3);          // MPI_Waitall
    late_send(31, 4);                            // MPI_Waitany
    late_send(41, 5), late_send(42, 6);          // MPI_Waitsome
    late_send(51, 7);                            // the reported read
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
  }
  // HELPER-DAG: helper: 77
  int a = 0, b[2] = {0, 0}, c = 0, d[2] = {0, 0};
  MPI_Request r, rs[3];
  MPI_Status st, sts[3];

  MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, &st);
  printf("wait: %d source %d tag %d null %d\n", a, st.MPI_SOURCE, st.MPI_TAG,
         r == MPI_REQUEST_NULL);
  // OUT-DAG: wait: 11 source 1 tag 1 null 1

  MPI_Irecv(&b[0], 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &rs[0]);
  rs[1] = MPI_REQUEST_NULL;
  MPI_Irecv(&b[1], 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &rs[2]);
  MPI_Waitall(3, rs, sts);
  printf("waitall: %d %d tags %d %d nulls %d%d%d\n", b[0], b[1],
         sts[0].MPI_TAG, sts[2].MPI_TAG, rs[0] == MPI_REQUEST_NULL,
         rs[1] == MPI_REQUEST_NULL, rs[2] == MPI_REQUEST_NULL);
  // OUT-DAG: waitall: 21 22 tags 2 3 nulls 111

  // An inactive persistent request is skipped as a null one is.
  MPI_Request idle;
  int unused;
  MPI_Recv_init(&unused, 1, MPI_INT, 1, 99, MPI_COMM_WORLD, &idle);
  rs[0] = MPI_REQUEST_NULL;
  rs[1] = idle;
  MPI_Irecv(&c, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &rs[2]);
  int index = -5;
  MPI_Waitany(3, rs, &index, &st);
  printf("waitany: %d index %d tag %d\n", c, index, st.MPI_TAG);
  // OUT-DAG: waitany: 31 index 2 tag 4
  MPI_Waitany(3, rs, &index, &st);
  printf("waitany none active: undefined %d\n", index == MPI_UNDEFINED);
  // OUT-DAG: waitany none active: undefined 1

  MPI_Irecv(&d[0], 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &rs[0]);
  MPI_Irecv(&d[1], 1, MPI_INT, 1, 6, MPI_COMM_WORLD, &rs[2]);
  int done = 0, outcount = 0, indices[3];
  while (done < 2) {
    MPI_Waitsome(3, rs, &outcount, indices, sts);
    for (int i = 0; i < outcount; i++)
      printf("waitsome: index %d tag %d\n", indices[i], sts[i].MPI_TAG);
    done += outcount;
  }
  // OUT-DAG: waitsome: index 0 tag 5
  // OUT-DAG: waitsome: index 2 tag 6
  MPI_Waitsome(3, rs, &outcount, indices, sts);
  printf("waitsome none active: undefined %d; %d %d\n",
         outcount == MPI_UNDEFINED, d[0], d[1]);
  // OUT-DAG: waitsome none active: undefined 1; 41 42
  MPI_Request_free(&idle);

  // An invalid request under MPI_ERRORS_RETURN: the MPI's error code.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Request bogus = MPI_REQUEST_NULL;
  int rc = MPI_Waitall(1, &bogus, MPI_STATUSES_IGNORE);
  printf("waitall of a null request: rc %d\n", rc);
  // OUT-DAG: waitall of a null request: rc 0

  // The detector is unchanged: a read of a buffer still being received.
  int e = 0;
  MPI_Irecv(&e, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
  printf("before the wait: %d\n", e);
  // ERR: ERROR: MPISync: recv-buffer-access on rank 0
  // ERR-NEXT: READ of size 4 at {{.*}} by rank 0
  // ERR-NEXT: #0 {{.*}} in main {{.*}}yielding_waits.c:[[@LINE-3]]
  // ERR: of a pending MPI_Irecv (1 x MPI_INT, element 0), started here:
  // ERR-NEXT: #0 {{.*}} in main {{.*}}yielding_waits.c:[[@LINE-6]]
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  printf("after the wait: %d\n", e);
  // OUT-DAG: after the wait: 51

  if (LEVEL == MPI_THREAD_MULTIPLE)
    pthread_join(t, NULL);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
// Rank 0's waits polled and yielded; rank 1's blocking sends and barrier
// are the MPI's own, and its main thread made no wait.
// YIELD: MPISync statistics for rank 0:
// YIELD: waits completed by yielding polls {{[1-9][0-9]*}}, {{[1-9][0-9]*}} yields
// Otherwise nothing polled: rank 0's line, and rank 1's if it got to print
// it (Open MPI's mpiexec ends the job when rank 0 exits with the report's
// status, and rank 1 may still be in MPI_Finalize then).
// MPIWAIT-NOT: yielding polls {{[1-9]}}
// MPIWAIT: MPISync statistics for rank 0:
// MPIWAIT: waits completed by yielding polls 0, 0 yields
// MPIWAIT-NOT: yielding polls {{[1-9]}}
