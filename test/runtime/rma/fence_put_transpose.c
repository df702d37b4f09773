// A tiled transpose with int and long indices (the shape of a public
// MPI_Put transpose kernel that crashed clang in the pass's nest lifting)
// reads rank 1's window memory while rank 0's MPI_Put into that window is
// in the same fence epoch: the load is reported (rma-remote-conflict) at
// the kernel's line, with the MPI_Put's. Twin (-DFIXED): the put goes into
// the window's padding after the matrix, which the kernel never reads.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#define N 32
#define TILE 8
#define PAD 4

static double out[N * N], scale[N];

__attribute__((noinline)) void transpose(double *restrict dst,
                                         const double *restrict src,
                                         const double *restrict w, int n,
                                         long tiles) {
  for (long it = 0; it < tiles; it++)
    for (int jt = 0; jt < tiles; jt++)
      for (int i = it * TILE; i < (it + 1) * TILE; i++)
        for (long j = jt * TILE; j < jt * TILE + TILE; j++)
          dst[j * n + i] = src[(long)i * n + j] * w[j]; // KERNEL
}

int main(int argc, char **argv) {
  int rank;
  double *mem;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate((N * N + PAD) * sizeof(double), sizeof(double),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < N * N + PAD; i++)
    mem[i] = i % 5;
  for (int j = 0; j < N; j++)
    scale[j] = 2.0;
  MPI_Win_fence(0, win);
  double value = 42.0;
#ifdef FIXED
  MPI_Aint disp = N * N + 1;
#else
  MPI_Aint disp = 9 * N + 17;
#endif
  if (rank == 0)
    MPI_Put(&value, 1, MPI_DOUBLE, 1, disp, 1, MPI_DOUBLE, win); // PUT
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    transpose(out, mem, scale, N, N / TILE);
  MPI_Win_fence(0, win);
  if (rank == 1)
    printf("out %.1f\n", out[17 * N + 9]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of {{[0-9]+}} bytes at offset {{.*}} of rank 1's window memory by rank 1 (a load), here:
// CHECK-NEXT: #0 {{.*}} in transpose {{.*}}fence_put_transpose.c:29
// CHECK: WRITE of 8 bytes at offset 0x988 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_put_transpose.c:52
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}fence_put_transpose.c:29{{.*}} in transpose; MPI_Put at {{.*}}fence_put_transpose.c:52
// OK: out {{[0-9.]+}}
