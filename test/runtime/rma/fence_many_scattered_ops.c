// Tens of thousands of RMA operations in one fence epoch, at scattered
// places of an 8 MiB window (the owner's conflict check sorts them by
// address: several counting passes over this range), with many twins
// (accumulates with one op and type to the same element, from both ranks,
// are atomic together and never conflict) and one real conflict: rank 1
// puts into the element rank 0 accumulates to at @acc_hot (MPI 4.1 12.7,
// rule 2: an update while another update to it may be in progress).
// Twin (-DFIXED): the put goes to an element no operation touches.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20) // longs in each window
#define HOT 4097    // odd: the scattered accumulates go to even elements
#ifdef FIXED
#define PUT_AT (HOT + 2)
#else
#define PUT_AT HOT
#endif

static unsigned long next(unsigned long *s) {
  *s = *s * 6364136223846793005ul + 1442695040888963407ul;
  return *s >> 33;
}

int main(int argc, char **argv) {
  int rank;
  long *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(N * sizeof(long), sizeof(long), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (long i = 0; i < N; i++)
    mem[i] = 0;
  long one = 1, five = 5, *got = malloc(20000 * sizeof(long));
  unsigned long seed = 7 + rank;
  MPI_Win_fence(0, win);
  if (rank == 0) {
    for (int k = 0; k < 20000; k++) {
      MPI_Aint even = (MPI_Aint)(next(&seed) % (N / 4)) * 2;
      MPI_Accumulate(&one, 1, MPI_LONG, 1, even, 1, MPI_LONG, MPI_SUM, win);
      MPI_Aint far = N / 2 + (MPI_Aint)(next(&seed) % (N / 2));
      MPI_Get(&got[k], 1, MPI_LONG, 1, far, 1, MPI_LONG, win);
    }
    MPI_Accumulate(&one, 1, MPI_LONG, 1, HOT, 1, MPI_LONG, MPI_SUM, win); // @acc_hot
  } else {
    for (int k = 0; k < 5000; k++) {
      MPI_Aint even = (MPI_Aint)(next(&seed) % (N / 4)) * 2;
      MPI_Accumulate(&one, 1, MPI_LONG, 1, even, 1, MPI_LONG, MPI_SUM, win);
    }
    MPI_Put(&five, 1, MPI_LONG, 1, PUT_AT, 1, MPI_LONG, win); // @put_hot
  }
  MPI_Win_fence(0, win);
  if (rank == 1) {
    long sum = 0;
    for (long i = 0; i < N / 2; i += 2)
      sum += mem[i];
    printf("accumulated %ld\n", sum);
  }
  MPI_Win_free(&win);
  free(got);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: WRITE of 8 bytes at offset 0x8008 of rank 1's window memory by MPI_Put on rank 1, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_many_scattered_ops.c:[[@LINE-16]]
// CHECK: atomic UPDATE of 8 bytes at offset 0x8008 of rank 1's window memory by MPI_Accumulate on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_many_scattered_ops.c:[[@LINE-24]]
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}fence_many_scattered_ops.c:[[@LINE-19]]{{.*}}; MPI_Accumulate at {{.*}}fence_many_scattered_ops.c:[[@LINE-25]]
// CHECK-NOT: ERROR: MPISync
// OK: accumulated 25000
