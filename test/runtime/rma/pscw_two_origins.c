// MPI 4.1 12.5.2 and 12.7: in one PSCW exposure epoch of rank 1 (whose
// MPI_Win_post names ranks 0 and 2), both origins put into the same element:
// nothing orders the two puts. Rank 1 polls with MPI_Win_test. Three ranks.
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
  int rank, mem[16] = {0};
  MPI_Win win;
  MPI_Group world, group;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(mem, sizeof(mem), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  if (rank == 1) {
    int origins[2] = {0, 2}, flag = 0;
    MPI_Group_incl(world, 2, origins, &group);
    MPI_Win_post(group, 0, win);
    while (!flag)
      MPI_Win_test(win, &flag);
    printf("mem %d\n", mem[0] > 0);
  } else {
    int target = 1, v = rank + 1;
    MPI_Group_incl(world, 1, &target, &group);
    MPI_Win_start(group, 0, win);
    MPI_Put(&v, 1, MPI_INT, 1, rank == 2 ? RANK2_DISP : 0, 1, MPI_INT, win); // @put
    MPI_Win_complete(win);
  }
  MPI_Group_free(&group);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: #0 {{.*}} in main {{.*}}pscw_two_origins.c:[[@LINE-11]]
// CHECK: completed at the target by MPI_Win_complete on rank {{[02]}} here:
// CHECK: WRITE of 4 bytes at offset 0x0 of rank 1's window memory by MPI_Put on rank {{[02]}}, issued here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}pscw_two_origins.c:[[@LINE-14]]{{.*}}; MPI_Put at {{.*}}pscw_two_origins.c:[[@LINE-14]]
// OK: mem 1
