// Rank 0 updates its window memory element by element in one fence epoch,
// mem[i] = mem[i] + 1 for i < n, with n a global the loop's own stores may
// alias (so no check is hoisted before the loop: every load and store
// reaches the runtime). Each element's load record is taken in by the
// store's, and that store continues the previous element's store record:
// the whole loop is one record (runtime/mpisync_rma_records.cpp,
// StoreOverLoads). It used to be one record per element, 64 bytes for
// each 4-byte int, and none covering a granule whole, so that the window
// bits were never cleared.
// Rank 1 Puts one element into rank 0's window meanwhile:
// - by default element n, just past the loop's last, in the granule the
//   loop ends in (n is odd): no conflict, and rank 0 checks four records
//   in all: the stores before the first fence, the loop's and the Put's
//   at the second, the loads after it at MPI_Win_free;
// - with -DCONFLICT element 1000, inside the loop's range: reported, at
//   the store's line and the Put's, the store's record holding the whole
//   loop's 2049 elements.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: rm -f %t.log.*
// RUN: env MPISYNC_OPTIONS=stats=1:log_path=\"%t.log.%r\" %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=OK --implicit-check-not=MPISync: < %t.out
// RUN: cat %t.log.0* | FileCheck %s --check-prefix=STATS
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DCONFLICT %s -o %t.bad
// RUN: not %mpiexec -n 2 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
#include <mpi.h>
#include <stdio.h>

#define SLOTS 4096
#ifdef CONFLICT
#define PUT_AT 1000
#else
#define PUT_AT 2049
#endif

int n; // not static: the stores may alias it as far as the compiler knows

int main(int argc, char **argv) {
  int rank, *mem, put = -7;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  n = 2049 + argc - 1;
  MPI_Win_allocate(SLOTS * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < SLOTS; i++)
    mem[i] = i;
  MPI_Win_fence(0, win);
  if (rank == 0)
    for (int i = 0; i < n; i++)
      mem[i] = mem[i] + 1;
  // BAD: ERROR: MPISync: rma-remote-conflict on rank 0
  // BAD: WRITE of 8196 bytes at offset 0x0 of rank 0's window memory by rank 0 (a store), here:
  // BAD-NEXT: #0 {{.*}} in main {{.*}}window_update_loop.c:[[@LINE-3]]
  // BAD: WRITE of 4 bytes at offset 0xfa0 of rank 0's window memory by MPI_Put on rank 1, issued here:
  // BAD-NEXT: #0 {{.*}} in main {{.*}}window_update_loop.c:[[@LINE+2]]
  if (rank == 1)
    MPI_Put(&put, 1, MPI_INT, 0, PUT_AT, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  if (rank == 0) {
    long wrong = 0;
    for (int i = 0; i < SLOTS; i++)
      wrong += mem[i] != (i == PUT_AT ? put : i < n ? i + 1 : i);
    printf("rank 0: %ld wrong\n", wrong);
  }
  // OK: rank 0: 0 wrong
  // STATS: MPISync statistics for rank 0:
  // STATS: RMA records checked 4, 3 of loads and stores
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
