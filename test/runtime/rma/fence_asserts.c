// MPI 4.1 12.5.5: the assertions of MPI_Win_fence are promises. NOSTORE:
// no local store to the window since the last synchronization; NOPRECEDE:
// the fence completes no RMA operation of this process; NOPUT: no put or
// accumulate updates this process's window until the next fence.
// CASE 1..3 break one each; CASE=0 keeps them all.
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=1 %s -o %t.1
// RUN: not %mpiexec -n 2 %t.1 2>&1 | FileCheck %s --check-prefix=C1
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=2 %s -o %t.2
// RUN: not %mpiexec -n 2 %t.2 2>&1 | FileCheck %s --check-prefix=C2
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=3 %s -o %t.3
// RUN: not %mpiexec -n 2 %t.3 2>&1 | FileCheck %s --check-prefix=C3
// RUN: %mpicc -fsanitize=mpisync -g -DCASE=0 %s -o %t.0
// RUN: %mpiexec -n 2 %t.0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, mem[16] = {0}, v = 4;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(mem, sizeof(mem), sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
#if CASE == 1
  mem[3] = 1; // @store
  MPI_Win_fence(MPI_MODE_NOSTORE, win); // @c1
  // C1: ERROR: MPISync: rma-epoch-misuse on rank {{[01]}}
  // C1: MPI_Win_fence on rank {{[01]}}: MPI_MODE_NOSTORE asserted, but this process stored
  // C1: #0 {{.*}} in main {{.*}}fence_asserts.c:[[@LINE-3]]
  // C1: The store was here:
  // C1-NEXT: #0 {{.*}} in main {{.*}}fence_asserts.c:[[@LINE-6]]
#elif CASE == 2
  MPI_Put(&v, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win); // @put2
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win); // @c2
  // C2: ERROR: MPISync: rma-epoch-misuse on rank {{[01]}}
  // C2: MPI_Win_fence on rank {{[01]}}: MPI_MODE_NOPRECEDE asserted, but this process issued an RMA operation
  // C2: #0 {{.*}} in main {{.*}}fence_asserts.c:[[@LINE-3]]
  // C2: The operation was issued here:
  // C2-NEXT: #0 {{.*}} in main {{.*}}fence_asserts.c:[[@LINE-6]]
#elif CASE == 3
  MPI_Win_fence(MPI_MODE_NOPUT, win);
  if (rank == 0)
    MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @put3
  MPI_Win_fence(0, win); // @c3
  // C3: ERROR: MPISync: rma-epoch-misuse on rank 1
  // C3: MPI_Win_fence on rank 1: the previous fence asserted MPI_MODE_NOPUT, but MPI_Put on rank 0 updated this process's window memory
  // C3: #0 {{.*}} in main {{.*}}fence_asserts.c:[[@LINE-3]]
  // C3: The operation was issued here:
  // C3-NEXT: #0 {{.*}} in main {{.*}}fence_asserts.c:[[@LINE-6]]
#else
  MPI_Win_fence(MPI_MODE_NOSTORE | MPI_MODE_NOPUT, win);
  int got = 0;
  MPI_Get(&got, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSTORE, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, 1, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  mem[5] = got;
  printf("mem %d\n", mem[1]);
#endif
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// OK: mem 4
// OK: mem 4
