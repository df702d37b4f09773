// Rank 0 Gets one element per call into consecutive slots of `got`, from
// both ranks in turn, in one fence epoch (a BFS fetching its neighbours'
// levels): each call continues the result buffer of the call before it,
// and they share one pending operation (runtime/mpisync_pending.cpp,
// ContinueRmaOp). A read of slot 37 inside the epoch is reported as a read
// of the 37th call's own buffer: its [lo, hi), 1 x MPI_INT, element 0, at
// that MPI_Get's line.
// -DPAIRS: two elements per call; a read of the second element of the
// 37th call's pair names element 1 of its 2 x MPI_INT.
// -DUNDO: under MPI_ERRORS_RETURN, a call to a rank that does not exist
// fails after the continuation was made: it is taken back, and the write
// to that call's slot is no conflict; the write to the slot before it is.
// -DOVERLAP: one more Get into slot 37 overlaps the 37th call's result
// buffer (MPI 4.1 12.7): reported at its start, naming that call's 1 x
// MPI_INT at its line.
// -DPSCW (with or without -DFIXED): the same in a PSCW access epoch
// (MPI_Win_start to MPI_Win_complete), which completes all of them too.
// -DLOCKALL (with or without -DFIXED): in a passive target epoch
// (MPI_Win_lock_all), where a flush completes one target's operations,
// only calls to the same target join: 50 to rank 0, then 50 to rank 1, 98
// joined; MPI_Win_flush(0) completes the first run (a read of slot 10 is
// no conflict), not the second (slot 60's is).
// -DFIXED: the slots are read after the closing fence; no report, and the
// values are those of the targets' windows.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,ONE < %t.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DPAIRS %s -o %t.pairs
// RUN: not %mpiexec -n 2 %t.pairs > %t.pairs.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,TWO < %t.pairs.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DUNDO %s -o %t.undo
// RUN: not %mpiexec -n 2 %t.undo > %t.undo.out 2>&1
// RUN: FileCheck %s --check-prefix=UNDO < %t.undo.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DOVERLAP %s -o %t.overlap
// RUN: not %mpiexec -n 2 %t.overlap > %t.overlap.out 2>&1
// RUN: FileCheck %s --check-prefix=OVERLAP < %t.overlap.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DPSCW %s -o %t.pscw
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t.pscw > %t.pscw.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,ONE < %t.pscw.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DPSCW -DFIXED %s -o %t.pscw.ok
// RUN: env MPISYNC_OPTIONS=stats=1 %mpiexec -n 2 %t.pscw.ok > %t.pscw.ok.out 2>&1
// RUN: FileCheck %s --check-prefix=OK --implicit-check-not=MPISync: < %t.pscw.ok.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DLOCKALL %s -o %t.lock
// RUN: env MPISYNC_OPTIONS=stats=1 not %mpiexec -n 2 %t.lock > %t.lock.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,LOCK < %t.lock.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DLOCKALL -DFIXED %s -o %t.lock.ok
// RUN: env MPISYNC_OPTIONS=stats=1 %mpiexec -n 2 %t.lock.ok > %t.lock.ok.out 2>&1
// RUN: FileCheck %s --check-prefix=LOCKOK --implicit-check-not=MPISync: < %t.lock.ok.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: env MPISYNC_OPTIONS=stats=1 %mpiexec -n 2 %t.ok > %t.ok.out 2>&1
// RUN: FileCheck %s --check-prefix=OK --implicit-check-not=MPISync: < %t.ok.out
#include <mpi.h>
#include <stdio.h>

#define N 100 // calls
#ifdef LOCKALL
#define TARGET(k) ((k) / 50) // a flush completes one target's: runs by target
#define READ_AT 60
#else
#define TARGET(k) ((k) % 2)
#define READ_AT 37
#endif
#ifdef PAIRS
#define PER 2
#else
#define PER 1
#endif

int main(int argc, char **argv) {
  int rank, *mem;
  static int got[N * PER];
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(N * PER * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < N * PER; i++)
    mem[i] = 1000 * rank + i;
#if defined(LOCKALL)
  MPI_Barrier(MPI_COMM_WORLD); // the windows are initialized
  MPI_Win_lock_all(0, win);
#elif defined(PSCW)
  MPI_Group world; // every rank exposes its window to all and accesses all
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Win_post(world, 0, win);
  MPI_Win_start(world, 0, win);
#else
  MPI_Win_fence(0, win);
#endif
  if (rank == 0) {
#ifdef UNDO
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Get(&got[0], 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @undo_get
    int rc = MPI_Get(&got[1], 1, MPI_INT, 99, 0, 1, MPI_INT, win);
    fprintf(stderr, "bad get %s\n", rc == MPI_SUCCESS ? "succeeded" : "failed");
    got[1] = -1; // not MPI's: that call failed
    got[0] = -1; // @undo_write
#else
    for (int k = 0; k < N; k++)
      MPI_Get(&got[k * PER], PER, MPI_INT, TARGET(k), k * PER, PER, MPI_INT, win); // @get
#ifdef OVERLAP
    MPI_Get(&got[37 * PER], PER, MPI_INT, 1, 0, PER, MPI_INT, win); // @again
#elif !defined(FIXED)
#ifdef LOCKALL
    MPI_Win_flush(0, win); // completes the run of calls to rank 0 only
    volatile int flushed = got[10];
    (void)flushed;
#endif
    fprintf(stderr, "slot at %p\n", (void *)&got[READ_AT * PER]);
    volatile int v = got[READ_AT * PER + PER - 1]; // @read
    (void)v;
#endif
#endif
  }
#if defined(LOCKALL)
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
#elif defined(PSCW)
  MPI_Win_complete(win);
  MPI_Win_wait(win);
  MPI_Group_free(&world);
#else
  MPI_Win_fence(0, win);
#endif
  if (rank == 0) {
    long bad = 0;
#ifndef UNDO
    for (int k = 0; k < N; k++)
      for (int j = 0; j < PER; j++)
        bad += got[k * PER + j] != 1000 * TARGET(k) + k * PER + j;
#endif
    printf("wrong values: %ld\n", bad);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// LOCK-NOT: ERROR: MPISync
// CHECK: slot at [[SLOT:0x[0-9a-f]+]]
// CHECK: ERROR: MPISync: rma-result-buffer-access on rank 0
// ONE: READ of size 4 at [[SLOT]] by rank 0
// LOCK: READ of size 4 at [[SLOT]] by rank 0
// TWO: READ of size 4 at {{0x[0-9a-f]+}} by rank 0
// CHECK: #0 {{.*}} in main {{.*}}fence_get_slots_continued.c:[[@LINE-34]]
// ONE: is 0 bytes from the start of the receive buffer [[[SLOT]], {{0x[0-9a-f]+}}) of a pending MPI_Get (1 x MPI_INT, element 0)
// LOCK: is 0 bytes from the start of the receive buffer [[[SLOT]], {{0x[0-9a-f]+}}) of a pending MPI_Get (1 x MPI_INT, element 0)
// TWO: is 4 bytes from the start of the receive buffer [[[SLOT]], {{0x[0-9a-f]+}}) of a pending MPI_Get (2 x MPI_INT, element 1)
// CHECK: #0 {{.*}} in main {{.*}}fence_get_slots_continued.c:[[@LINE-48]]
// CHECK: SUMMARY: MPISync: rma-result-buffer-access {{.*}}fence_get_slots_continued.c:[[@LINE-39]]{{.*}}; MPI_Get at {{.*}}fence_get_slots_continued.c:[[@LINE-49]]
// ONE: RMA operations continuing the one before 99
// LOCK: RMA operations continuing the one before 98
// UNDO: bad get failed
// UNDO-NOT: fence_get_slots_continued.c:[[@LINE-57]]
// UNDO: ERROR: MPISync: rma-result-buffer-access on rank 0
// UNDO: WRITE of size 4 at {{.*}} by rank 0
// UNDO: #0 {{.*}} in main {{.*}}fence_get_slots_continued.c:[[@LINE-59]]
// UNDO: of a pending MPI_Get (1 x MPI_INT, element 0)
// UNDO: #0 {{.*}} in main {{.*}}fence_get_slots_continued.c:[[@LINE-65]]
// OK-DAG: wrong values: 0
// OK-DAG: RMA operations continuing the one before 99
// OVERLAP: ERROR: MPISync: overlapping-buffers on rank 0
// OVERLAP: MPI_Get started here:
// OVERLAP-NEXT: #0 {{.*}} in main {{.*}}fence_get_slots_continued.c:[[@LINE-61]]
// OVERLAP: of a pending MPI_Get (1 x MPI_INT), started here:
// OVERLAP-NEXT: #0 {{.*}} in main {{.*}}fence_get_slots_continued.c:[[@LINE-65]]
// LOCKOK-DAG: wrong values: 0
// LOCKOK-DAG: RMA operations continuing the one before 98
