// MPI 4.1 12.7, rule 2: a location must not be the target of an RMA update
// while another update to it (from any origin) may be in progress. Ranks 0
// and 2 put into the same element of rank 1's window in one fence epoch:
// the result depends on which lands last. Three ranks; the conflict is
// found by rank 1, the owner, from the records both origins send it.
// Twin (-DFIXED): rank 2 puts into the next element.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#ifdef FIXED
#define RANK2_DISP 1
#else
#define RANK2_DISP 0
#endif

int main(int argc, char **argv) {
  int rank;
  long mem[2] = {0, 0};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(mem, sizeof(mem), sizeof(long), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  long value = 10 + rank;
  if (rank == 0)
    MPI_Put(&value, 1, MPI_LONG, 1, 0, 1, MPI_LONG, win); // @put0
  if (rank == 2)
    MPI_Put(&value, 1, MPI_LONG, 1, RANK2_DISP, 1, MPI_LONG, win); // @put2
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("sum %ld\n", mem[0] + mem[1] > 0 ? 1L : 0L);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 8 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: #0 {{.*}} in main {{.*}}fence_two_origins_put.c:{{[0-9]+}}
// CHECK: WRITE of 8 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}fence_two_origins_put.c:{{(32|34)}}{{.*}}; MPI_Put at {{.*}}fence_two_origins_put.c:{{(32|34)}}
// OK: sum 1
