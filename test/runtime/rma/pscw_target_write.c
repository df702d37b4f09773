// MPI 4.1 12.7, rule 3: a store to window memory must not happen while a
// put to that window may be in progress. With PSCW, rank 1 exposes its
// window (MPI_Win_post ... MPI_Win_wait) and rank 0 puts into it between
// MPI_Win_start and MPI_Win_complete; rank 1 stores into the same element
// inside its exposure epoch. Twin (-DFIXED): rank 1 stores after
// MPI_Win_wait, and before MPI_Win_post (ordered by the post).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  double mem[8] = {0};
  MPI_Win win;
  MPI_Group world, peer;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(mem, sizeof(mem), sizeof(double), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int other = 1 - rank;
  MPI_Group_incl(world, 1, &other, &peer);
  if (rank == 1) {
#ifdef FIXED
    mem[5] = 1.0;
#endif
    MPI_Win_post(peer, 0, win);
#ifndef FIXED
    mem[5] = 2.0; // @store
#endif
    MPI_Win_wait(win);
#ifdef FIXED
    mem[5] += 1.0;
#endif
    printf("mem %g\n", mem[5] > 0 ? 1.0 : 0.0);
  } else {
    double v = 7.0;
    MPI_Win_start(peer, 0, win);
    MPI_Put(&v, 1, MPI_DOUBLE, 1, 5, 1, MPI_DOUBLE, win); // @put
    MPI_Win_complete(win); // @complete
  }
  MPI_Group_free(&peer);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 8 bytes at offset 0x28 of rank 1's window memory by rank 1 (a store), here:
// CHECK: #0 {{.*}} in main {{.*}}pscw_target_write.c:[[@LINE-21]]
// CHECK: WRITE of 8 bytes at offset 0x28 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}pscw_target_write.c:[[@LINE-13]]
// CHECK: completed at the target by MPI_Win_complete on rank 0 here:
// CHECK: #0 {{.*}} in main {{.*}}pscw_target_write.c:[[@LINE-14]]
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}pscw_target_write.c:[[@LINE-26]]{{.*}}; MPI_Put at {{.*}}pscw_target_write.c:[[@LINE-16]]
// OK: mem 1
