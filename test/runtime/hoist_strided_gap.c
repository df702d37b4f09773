// A loop that writes every other int (stride 8 bytes, 4-byte stores) never
// touches the ints in between. With -O2 the loop gets an instrumented copy
// whose affine accesses may be checked once before the loop: a range check
// over [first, last] would take in the untouched ints, here the blocks of a
// pending vector send, and report writes that never happen. Strided
// accesses that leave gaps keep their per-access checks. Twin (no -DFIXED):
// the odd ints are written, which is reported.
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

#define N 64

__attribute__((noinline)) static void fill_strided(int *p, int n, int v) {
  for (int i = 0; i < n; i++)
    p[2 * i] = v + i;
}

int main(int argc, char **argv) {
  int rank, buf[2 * N];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 2 * N; i++)
      buf[i] = i;
    // The odd ints: N blocks of 1 int, stride 2.
    MPI_Datatype odd;
    MPI_Type_vector(N, 1, 2, MPI_INT, &odd);
    MPI_Type_commit(&odd);
    MPI_Request req;
    MPI_Isend(buf + 1, 1, odd, 1, 0, MPI_COMM_WORLD, &req);
    fill_strided(buf, N, 1000); // the even ints: the gaps
#ifndef FIXED
    fill_strided(buf + 1, N, 2000);
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK: SUMMARY: MPISync: send-buffer-write
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&odd);
    printf("rank 0 buf[0] %d buf[1] %d\n", buf[0], buf[1]);
    // OK: rank 0 buf[0] 1000 buf[1] 1
  } else {
    MPI_Recv(buf, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (buf[0] != 1 || buf[N - 1] != 2 * N - 1)
      printf("rank 1 received %d..%d\n", buf[0], buf[N - 1]);
  }
  MPI_Finalize();
  return 0;
}
