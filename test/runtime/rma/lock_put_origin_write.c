// MPI 4.1 12.3.1: the origin buffer of MPI_Put must not be updated until
// the operation completes locally (MPI_Win_flush_local, flush, unlock).
// Rank 0 overwrites its origin buffer inside a passive target epoch.
// Twin (-DFIXED): it writes after MPI_Win_flush_local.
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
  MPI_Win_allocate(8 * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    double src[8];
    for (int i = 0; i < 8; i++)
      src[i] = i;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(src, 8, MPI_DOUBLE, 1, 0, 8, MPI_DOUBLE, win); // @put
#ifdef FIXED
    MPI_Win_flush_local(1, win);
#endif
    src[3] = -1.0; // @write
    MPI_Win_unlock(1, win);
    printf("done\n");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-origin-buffer-write on rank 0
// CHECK: WRITE of size 8 at {{.*}} by rank 0
// CHECK: #0 {{.*}} in main {{.*}}lock_put_origin_write.c:[[@LINE-11]]
// CHECK: is 24 bytes from the start of the send buffer {{.*}} of a pending MPI_Put (8 x MPI_DOUBLE, element 3)
// CHECK: #0 {{.*}} in main {{.*}}lock_put_origin_write.c:[[@LINE-17]]
// CHECK: SUMMARY: MPISync: rma-origin-buffer-write {{.*}}lock_put_origin_write.c:[[@LINE-14]]{{.*}}; MPI_Put at {{.*}}lock_put_origin_write.c:[[@LINE-18]]
// OK: done
