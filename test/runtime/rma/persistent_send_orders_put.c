// MPI 4.1 12.5.4: MPI_Win_flush completes an MPI_Put at the target, and a
// message sent after the flush orders the target's later loads after the
// update, whatever kind of send carries it: here a persistent send, started
// (MPI_Start) after the flush, or with -DPARTITIONED a partitioned send
// whose partition is readied (MPI_Pready) after it. Rank 1 reads the
// element once the message has arrived.
// Error (default): no flush, so the put may still be in progress when rank
// 1 reads: the message orders nothing.
// Twin (-DFIXED): MPI_Win_flush before the message: clean.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DPARTITIONED %s -o %t.p
// RUN: not %mpiexec -n 2 %t.p 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DPARTITIONED -DFIXED %s -o %t.p.ok
// RUN: %mpiexec -n 2 %t.p.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *mem, note = 1, value = 5, seen = 0;
  MPI_Win win;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 16; i++)
    mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
#ifdef PARTITIONED
    MPI_Psend_init(&note, 1, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL,
                   &req);
    MPI_Start(&req); // the partition is still the program's
#else
    MPI_Send_init(&note, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
#endif
    MPI_Put(&value, 1, MPI_INT, 1, 7, 1, MPI_INT, win);
#ifdef FIXED
    MPI_Win_flush(1, win);
#endif
#ifdef PARTITIONED
    MPI_Pready(0, req);
#else
    MPI_Start(&req);
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
#ifdef PARTITIONED
    MPI_Precv_init(&note, 1, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL,
                   &req);
#else
    MPI_Recv_init(&note, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
#endif
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    seen = mem[7];
  }
  MPI_Request_free(&req);
  MPI_Win_unlock_all(win);
  if (rank == 1)
    printf("seen %d\n", seen == 5 || seen == 0);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: rma-remote-conflict on rank 1
// CHECK: READ of 4 bytes at offset 0x1c of rank 1's window memory by rank 1 (a load), here:
// CHECK: #0 {{.*}} in main {{.*}}persistent_send_orders_put.c:[[@LINE-12]]
// CHECK: WRITE of 4 bytes at offset 0x1c of rank 1's window memory by MPI_Put on rank 0, issued here:
// CHECK: #0 {{.*}} in main {{.*}}persistent_send_orders_put.c:[[@LINE-33]]
// CHECK: completed at the target by MPI_Win_unlock_all on rank 0 here:
// CHECK: SUMMARY: MPISync: rma-remote-conflict {{.*}}persistent_send_orders_put.c:[[@LINE-16]]{{.*}}; MPI_Put at {{.*}}persistent_send_orders_put.c:[[@LINE-35]]
// OK: seen 1
