// One epoch's records from one origin under two clocks: rank 1 Puts into
// element 1 of rank 0's window, then receives rank 0's token, then Puts
// into element 0, which rank 0 stored to before sending the token. The
// fence's one message from rank 1 carries both Puts with the clock each
// was made under (each distinct clock once, in a table the records
// index): the message orders rank 0's store before the second Put, and
// taking the first Put's clock for both would report them.
// (MPISync takes a message as ordering; docs/rma.md, point-to-point
// messages.)
// Twin (-DRACE): rank 1 Puts into element 0 before it receives the token:
// the store and that Put are concurrent, reported on rank 0 at both lines.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DRACE %s -o %t.race
// RUN: not %mpiexec -n 2 %t.race 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, token = 7, one = 1, two = 2;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Win_fence(0, win);
  if (rank == 0) {
    mem[0] = 5; // STORE
    MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
#if defined(RACE)
    MPI_Put(&two, 1, MPI_INT, 0, 0, 1, MPI_INT, win); // RACING PUT
#endif
    MPI_Put(&one, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
    MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#if !defined(RACE)
    MPI_Put(&two, 1, MPI_INT, 0, 0, 1, MPI_INT, win); // ORDERED PUT
#endif
  }
  MPI_Win_fence(0, win);
  if (rank == 0)
    printf("rank 0: %d %d\n", mem[0], mem[1]);
  // OK: rank 0: 2 1
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 0
// CHECK: WRITE of 4 bytes at offset 0x0 of rank 0's window memory by rank 0 (a store), here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_records_two_clocks.c:30
// CHECK: WRITE of 4 bytes at offset 0x0 of rank 0's window memory by MPI_Put on rank 1, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}fence_records_two_clocks.c:34
