// What cloning does not mirror (here dynamic and shared-memory windows) is
// refused with a clear error naming the call, never run wrongly. Without
// clones the same program runs.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: window made
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec_abort -n 4 %t 2>&1 | FileCheck %s
// CHECK: ERROR: MPISync: clones: MPI_Win_create_dynamic on rank {{[01]}}{{( \(clone 1\))?}}: this call is not mirrored to clones (docs/cloning.md lists what is); stopping the job.
// CHECK-NOT: window made
// RUN: %mpicc -fsanitize=mpisync -g -DSHARED %s -o %t.shared
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec_abort -n 4 %t.shared 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: ERROR: MPISync: clones: MPI_Win_allocate_shared on rank {{[01]}}{{( \(clone 1\))?}}: this call is not mirrored to clones
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef SHARED
  int *base;
  MPI_Win_allocate_shared(16, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                          &base, &win);
#else
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
#endif
  if (rank == 0)
    printf("window made\n");
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
