// MPI 4.1 12.5.1: a fence that does not assert MPI_MODE_NOSUCCEED starts an
// epoch when RMA calls follow it before the next fence; passive-target
// epochs may not overlap a fence epoch, nor a fence a passive-target epoch.
// CASE=1: MPI_Win_lock inside a fence epoch; CASE=2: MPI_Win_lock_all
// inside one (both reported at the fence that ends the epoch, naming the
// lock); CASE=3: the reverse, MPI_Win_fence while a lock_all is held.
// CASE=0 is correct: the fence epoch ends with MPI_MODE_NOSUCCEED before
// the lock, a fence(0) followed by a lock epoch but by no other fence
// starts no fence epoch, nor does one whose next fence asserts
// MPI_MODE_NOPRECEDE.
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 %s -o %t.1
// RUN: not %mpiexec -n 2 %t.1 2>&1 | FileCheck %s --check-prefix=C1
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 %s -o %t.2
// RUN: rm -f %t.log2.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log2\" not %mpiexec -n 2 %t.2
// RUN: cat %t.log2.* | FileCheck %s --check-prefix=C2
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=3 %s -o %t.3
// RUN: rm -f %t.log3.*
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.log3\" not %mpiexec -n 2 %t.3
// RUN: cat %t.log3.* | FileCheck %s --check-prefix=C3
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=0 %s -o %t.0
// RUN: %mpiexec -n 2 %t.0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, v = 7;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  mem[0] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
#if CASE == 1
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  // C1: ERROR: MPISync: rma-epoch-misuse on rank 0
  // C1-NEXT: MPI_Win_lock on rank 0: passive target epoch inside a fence epoch: the MPI_Win_fence before it did not assert MPI_MODE_NOSUCCEED
  // C1-NEXT: #0 {{.*}} in main {{.*}}fence_lock_mix.c:[[@LINE-7]]
  // C1: The fence epoch ends at this MPI_Win_fence:
  // C1-NEXT: #0 {{.*}} in main {{.*}}fence_lock_mix.c:[[@LINE-5]]
  // C1: SUMMARY: MPISync: rma-epoch-misuse {{.*}}fence_lock_mix.c:[[@LINE-10]]
#elif CASE == 2
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Win_lock_all(0, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, rank, 1, MPI_INT, win);
  MPI_Win_unlock_all(win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  // C2: ERROR: MPISync: rma-epoch-misuse on rank {{[01]}}
  // C2-NEXT: MPI_Win_lock_all on rank {{[01]}}: passive target epoch inside a fence epoch
  // C2-NEXT: #0 {{.*}} in main {{.*}}fence_lock_mix.c:[[@LINE-6]]
  // C2: SUMMARY: MPISync: rma-epoch-misuse {{.*}}fence_lock_mix.c:[[@LINE-7]]
#elif CASE == 3
  MPI_Win_lock_all(0, win);
  MPI_Win_fence(0, win);
  // C3: ERROR: MPISync: rma-epoch-misuse on rank {{[01]}}
  // C3-NEXT: MPI_Win_fence on rank {{[01]}}: MPI_Win_fence inside a passive target epoch (a lock is held)
  // C3-NEXT: #0 {{.*}} in main {{.*}}fence_lock_mix.c:[[@LINE-3]]
  MPI_Win_unlock_all(win);
#else
  MPI_Win_fence(0, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, 1, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1 - rank, 0, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, 2, 1, MPI_INT, win);
  MPI_Win_unlock(1 - rank, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_fence(0, win);
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  v = mem[1] + mem[2];
  MPI_Win_unlock(rank, win);
  // A lock epoch after fence(0) that the next fence's MPI_MODE_NOPRECEDE
  // says was no fence epoch (MPICH's rma/fence_shm): correct.
  MPI_Win_fence(0, win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1 - rank, 0, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, 3, 1, MPI_INT, win);
  MPI_Win_unlock(1 - rank, win);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#endif
  printf("rank %d: %d\n", rank, v);
  // OK: rank {{[01]}}: 14
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
