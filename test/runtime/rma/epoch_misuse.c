// MPI 4.1 12.5: RMA operations happen inside access epochs, and the
// synchronization calls pair up. Each CASE breaks one rule; MPISync reports
// it before the call (MPICH may then abort on its own: the reports go to
// log files, which the launcher cannot cut short). CASE=0 uses every call
// correctly, including an operation on MPI_PROC_NULL.
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 %s -o %t.1
// RUN: rm -f %t.log1.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log1\" not %mpiexec -n 2 %t.1
// RUN: cat %t.log1.* | FileCheck %s --check-prefix=C1
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 %s -o %t.2
// RUN: rm -f %t.log2.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log2\" not %mpiexec -n 2 %t.2
// RUN: cat %t.log2.* | FileCheck %s --check-prefix=C2
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=3 %s -o %t.3
// RUN: rm -f %t.log3.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log3\" not %mpiexec -n 2 %t.3
// RUN: cat %t.log3.* | FileCheck %s --check-prefix=C3
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=4 %s -o %t.4
// RUN: rm -f %t.log4.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log4\" not %mpiexec -n 2 %t.4
// RUN: cat %t.log4.* | FileCheck %s --check-prefix=C4
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=5 %s -o %t.5
// RUN: rm -f %t.log5.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log5\" not %mpiexec -n 2 %t.5
// RUN: cat %t.log5.* | FileCheck %s --check-prefix=C5
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=6 %s -o %t.6
// RUN: rm -f %t.log6.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log6\" not %mpiexec -n 2 %t.6
// RUN: cat %t.log6.* | FileCheck %s --check-prefix=C6
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=0 %s -o %t.0
// RUN: %mpiexec -n 2 %t.0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, v = 1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  int other = 1 - rank;
#if CASE == 1
  if (rank == 0)
    MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @c1
  // C1: ERROR: MPISync: rma-epoch-misuse on rank 0
  // C1: MPI_Put on rank 0: RMA operation to rank 1 outside any access epoch
  // C1: #0 {{.*}} in main {{.*}}epoch_misuse.c:[[@LINE-3]]
  // C1: SUMMARY: MPISync: rma-epoch-misuse {{.*}}epoch_misuse.c:[[@LINE-4]]
#elif CASE == 2
  if (rank == 0)
    MPI_Win_unlock(1, win); // @c2
  // C2: ERROR: MPISync: rma-epoch-misuse on rank 0
  // C2: MPI_Win_unlock on rank 0: MPI_Win_unlock of rank 1, which this process has not locked
  // C2: SUMMARY: MPISync: rma-epoch-misuse {{.*}}epoch_misuse.c:[[@LINE-3]]
#elif CASE == 3
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Win_flush(1, win); // @c3
    MPI_Win_unlock(0, win);
  }
  // C3: ERROR: MPISync: rma-epoch-misuse on rank 0
  // C3: MPI_Win_flush on rank 0: flush of rank 1 outside a passive target epoch
  // C3: SUMMARY: MPISync: rma-epoch-misuse {{.*}}epoch_misuse.c:[[@LINE-5]]
#elif CASE == 4
  if (rank == 0)
    MPI_Win_complete(win); // @c4
  // C4: ERROR: MPISync: rma-epoch-misuse on rank 0
  // C4: MPI_Win_complete on rank 0: MPI_Win_complete without a matching MPI_Win_start
  // C4: SUMMARY: MPISync: rma-epoch-misuse {{.*}}epoch_misuse.c:[[@LINE-3]]
#elif CASE == 5
  MPI_Group world, peer;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 1, &other, &peer);
  MPI_Win_post(peer, 0, win);
  MPI_Win_start(peer, 0, win);
  MPI_Win_fence(0, win); // @c5
  // C5: ERROR: MPISync: rma-epoch-misuse on rank {{[01]}}
  // C5: MPI_Win_fence on rank {{[01]}}: MPI_Win_fence while a PSCW epoch
  // C5: SUMMARY: MPISync: rma-epoch-misuse {{.*}}epoch_misuse.c:[[@LINE-3]]
#elif CASE == 6
  if (rank == 0)
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  MPI_Win_free(&win); // @c6
  // C6: ERROR: MPISync: rma-epoch-misuse on rank 0
  // C6: MPI_Win_free on rank 0: the window is freed while an access or exposure epoch is still open
  // C6: The window was created here:
  // C6: SUMMARY: MPISync: rma-epoch-misuse {{.*}}epoch_misuse.c:[[@LINE-4]]
  MPI_Finalize();
  return 0;
#else
  // Every synchronization used as the standard says.
  MPI_Put(&v, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  MPI_Put(&v, 1, MPI_INT, other, rank, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  MPI_Group world, peer;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 1, &other, &peer);
  MPI_Win_post(peer, 0, win);
  MPI_Win_start(peer, 0, win);
  MPI_Put(&v, 1, MPI_INT, other, 2 + rank, 1, MPI_INT, win);
  MPI_Win_complete(win);
  int flag = 0;
  while (!flag)
    MPI_Win_test(win, &flag);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, other, MPI_MODE_NOCHECK, win);
  MPI_Win_unlock(other, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_SHARED, other, 0, win);
  MPI_Accumulate(&v, 1, MPI_INT, other, 4, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_flush_local(other, win);
  MPI_Win_flush(other, win);
  MPI_Win_unlock(other, win);
  MPI_Win_lock_all(0, win);
  int old = 0, cmp = 0;
  MPI_Compare_and_swap(&v, &cmp, &old, MPI_INT, other, 5, win);
  MPI_Win_flush_local_all(win);
  MPI_Win_flush_all(win);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("mem %d %d %d\n", mem[other], mem[2 + other], mem[4]);
  MPI_Group_free(&peer);
  MPI_Group_free(&world);
#endif
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// OK: mem 1 1 1
// OK: mem 1 1 1
