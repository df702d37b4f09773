// A put whose origin holds less data than its target layout describes
// writes the first bytes of that layout only: the transfer is that of a
// send into a larger receive buffer (MPI 4.1 12.3.1). Rank 1 Puts one int
// into rank 0's window with a target type of two ints, elements 0 and 2
// (a vector); rank 0 stores into element 2 in the same epoch, which the
// Put never writes: no report. Recording the whole layout made a false
// rma-remote-conflict at element 2.
// Twin (-DWHOLE): the origin holds two ints, the Put writes both
// elements, and the store into element 2 is concurrent with it: reported
// on rank 0 at the store and the Put.
// Twin (-DREVERSED): the target type lists element 2 before element 0 (an
// indexed type), so the one int goes to element 2, not element 0; the
// layout's first bytes in address order are not the Put's, and the whole
// layout is recorded: the store into element 2 is reported.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DWHOLE %s -o %t.whole
// RUN: not %mpiexec -n 2 %t.whole 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DREVERSED %s -o %t.reversed
// RUN: not %mpiexec -n 2 %t.reversed 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, src[2] = {41, 42};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Datatype two;
#if defined(REVERSED)
  int lens[2] = {1, 1}, displs[2] = {2, 0};
  MPI_Type_indexed(2, lens, displs, MPI_INT, &two);
#else
  MPI_Type_vector(2, 1, 2, MPI_INT, &two);
#endif
  MPI_Type_commit(&two);
#if defined(WHOLE)
  int n = 2;
#else
  int n = 1;
#endif
  MPI_Win_fence(0, win);
  if (rank == 1)
    MPI_Put(src, n, MPI_INT, 0, 0, 1, two, win); // PUT
  else
    mem[2] = 7; // STORE
  MPI_Win_fence(0, win);
  if (rank == 0)
    printf("rank 0: %d %d\n", mem[0], mem[2]);
  // OK: rank 0: 41 7
  MPI_Type_free(&two);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 0
// CHECK: WRITE of 4 bytes at offset 0x8 of rank 0's window memory by rank 0 (a store), here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_put_short_origin.c:50
// CHECK: WRITE of {{[0-9]+}} bytes at offset 0x{{[08]}} of rank 0's window memory by MPI_Put on rank 1, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_put_short_origin.c:48
