// Receives of ten pages and more under amplify: the layer's bounce buffer
// is delivered into the program's buffer after it checks that the buffer is
// still mapped, and that check must take any size (sanitizer_common's own
// probe stops the process on ranges of ten pages or more). A 64 KiB and a
// 16 MiB receive, blocking and nonblocking, one of them longer than its
// message, give the same bytes with amplify on as off, and nothing is
// reported.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.native 2>&1
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t > %t.a1 2>&1
// RUN: diff %t.native %t.a1
// RUN: FileCheck %s < %t.a1
// CHECK-NOT: MPISync
// CHECK: rank 1: 16384 ints sum {{[0-9]+}}
// CHECK: rank 1: 4194304 ints sum {{[0-9]+}}, 4194300 received
// CHECK-NOT: MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static long long Sum(const int *a, int n) {
  long long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (long long)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int small = 16384, large = 4194304, sent_large = large - 4;
  int *a = malloc(sizeof(int) * small), *b = malloc(sizeof(int) * large);
  for (int i = 0; i < large; i++) {
    if (i < small)
      a[i] = rank == 0 ? i * 3 + 1 : -1;
    b[i] = rank == 0 ? i ^ 0x5a5a : -2;
  }
  if (rank == 0) {
    MPI_Request r;
    MPI_Isend(a, small, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Send(b, sent_large, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Request r;
    MPI_Status st;
    int n = 0;
    MPI_Recv(a, small, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Irecv(b, large, MPI_INT, 0, 1, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, &st);
    MPI_Get_count(&st, MPI_INT, &n);
    printf("rank 1: %d ints sum %lld\n", small, Sum(a, small));
    printf("rank 1: %d ints sum %lld, %d received\n", large, Sum(b, large), n);
  }
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
