// A message orders what its sender did before sending it, not what the
// sender does after: rank 1 sends a token to rank 0 and then stores into
// (or, -DLOAD, loads from) its own window element; rank 0 receives the
// token and Puts into that element under an exclusive lock. The store (the
// load) and the Put are concurrent: reported on rank 1 at its access and
// the Put. The accesses after the send were taken for ordered before the
// receiver's Put (the sender's clock did not move past the message) and
// the race was missed; also with MPI_Ssend (-DSSEND). Twin (-DBEFORE): the
// store before the send, ordered: no report.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,STORE
// RUN: %mpicc -fsanitize=mpisync -g -DLOAD %s -o %t.load
// RUN: not %mpiexec -n 2 %t.load 2>&1 | FileCheck %s --check-prefixes=CHECK,LOAD
// RUN: %mpicc -fsanitize=mpisync -g -DSSEND %s -o %t.ssend
// RUN: not %mpiexec -n 2 %t.ssend 2>&1 | FileCheck %s --check-prefixes=CHECK,STORE
// RUN: %mpicc -fsanitize=mpisync -g -DBEFORE %s -o %t.before
// RUN: %mpiexec -n 2 %t.before 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, token = 1, value = 99, seen = 0;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
#if defined(BEFORE)
    mem[3] = 2;
#endif
#if defined(SSEND)
    MPI_Ssend(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
#else
    MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
#endif
#if defined(LOAD)
    seen = mem[3];
#elif !defined(BEFORE)
    mem[3] = 2;
#endif
  } else {
    MPI_Recv(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, win); // PUT
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    printf("rank 1: %d %d\n", mem[3], seen);
  // OK: rank 1: 99 0
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// STORE: WRITE of 4 bytes at offset 0xc of rank 1's window memory by rank 1 (a store), here:
// STORE-NEXT: #0 {{.*}} in main {{.*}}access_after_send.c:43
// LOAD: READ of 4 bytes at offset 0xc of rank 1's window memory by rank 1 (a load), here:
// LOAD-NEXT: #0 {{.*}} in main {{.*}}access_after_send.c:41
// CHECK: WRITE of 4 bytes at offset 0xc of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}access_after_send.c:48
