// Happens-before through point-to-point messages: rank 0 puts into rank
// 1's window and unlocks (the put is complete at the target), then sends a
// message to rank 2, which sends one to rank 1; rank 1 reads the element
// after its receive: ordered, through a chain of two messages. Error
// (default): rank 1 reads before it receives, while the put may still be
// in progress. Twin (-DFIXED): clean.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 3 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, token = 0, seen = 0;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int value = 3;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 6, 1, MPI_INT, win); // @put
    MPI_Win_unlock(1, win);
    MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
  } else if (rank == 2) {
    MPI_Request req;
    MPI_Irecv(&token, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
              &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Send(&token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
  } else {
#ifndef FIXED
    seen = mem[6]; // @read
#endif
    MPI_Recv(&token, 1, MPI_INT, 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef FIXED
    seen = mem[6];
#endif
    printf("seen %d\n", seen == 3 || seen == 0);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 4 bytes at offset 0x18 of rank 1's window memory by rank 1 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}lock_message_chain.c:[[@LINE-14]]
// CHECK: WRITE of 4 bytes at offset 0x18 of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}lock_message_chain.c:[[@LINE-27]]
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}lock_message_chain.c:[[@LINE-17]]{{.*}}; MPI_Put at {{.*}}lock_message_chain.c:[[@LINE-28]]
// OK: seen 1
