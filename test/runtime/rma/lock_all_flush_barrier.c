// MPI 4.1 12.5.4: MPI_Win_flush completes an operation at the target; a
// barrier after it orders the target's later loads after the update. Rank
// 0 puts into rank 1's window inside MPI_Win_lock_all; rank 1 reads the
// element after a barrier. Error (default): no flush before the barrier,
// so the put may still be in progress when rank 1 reads.
// Twin (-DFIXED): MPI_Win_flush before the barrier: clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  int value = 5, seen = 0;
  if (rank == 0) {
    MPI_Put(&value, 1, MPI_INT, 1, 7, 1, MPI_INT, win); // @put
#ifdef FIXED
    MPI_Win_flush(1, win);
#endif
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    MPI_Win_sync(win);
    seen = mem[7]; // @read
  }
  MPI_Win_unlock_all(win);
  if (rank == 1)
    printf("seen %d\n", seen == 5 || seen == 0);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 4 bytes at offset 0x1c of rank 1's window memory by rank 1 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}lock_all_flush_barrier.c:[[@LINE-11]]
// CHECK: WRITE of 4 bytes at offset 0x1c of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}lock_all_flush_barrier.c:[[@LINE-21]]
// CHECK: completed at the target by MPI_Win_unlock_all on rank 0 here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}lock_all_flush_barrier.c:[[@LINE-15]]{{.*}}; MPI_Put at {{.*}}lock_all_flush_barrier.c:[[@LINE-23]]
// OK: seen 1
