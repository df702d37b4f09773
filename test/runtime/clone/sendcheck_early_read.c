// A latent error made visible by clones: rank 0 reads the buffer of a
// pending MPI_Irecv and sends what it read. The parent's MPI has already
// written the message there (it arrived during the barrier); its clone's
// buffer is only written when the parent's MPI_Wait is mirrored, so the
// clone sends other bytes: SendCheck reports clone-divergence at the send,
// and the detector (the clone that owns the access site) reports the read
// itself, on rank 0. Twin (-DFIXED): the read comes after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=MODE < %t.out
// MODE: ERROR: MPISync: recv-buffer-access on rank 0
// MODE-NEXT: READ of size 4
// MODE-NEXT: cloned: made by clone 1 (of 1) of rank 0 (divided checking)
// MODE-NEXT: #0 {{.*}} in main
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// OK-COUNT-4: rank {{[01]}} got
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {-1, -1, -1, -1}, value = 0, got = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Irecv(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int spin = 0; spin < 1000; spin++) // progress: the message lands
      MPI_Iprobe(1, 99, MPI_COMM_WORLD, &got, MPI_STATUS_IGNORE);
#ifdef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    value = buf[0] + 1;
    // CHECK-DAG: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}sendcheck_early_read.c:[[@LINE-2]]{{.*}}; MPI_Irecv at {{.*}}sendcheck_early_read.c:[[@LINE-9]]
    MPI_Send(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    // CHECK-DAG: ERROR: MPISync: clone-divergence on rank 0
    // CHECK-DAG: SUMMARY: MPISync: clone-divergence {{.*}}sendcheck_early_read.c:[[@LINE-2]]{{.*}}; MPI_Send
#ifndef FIXED
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
  } else {
    int data[4] = {41, 42, 43, 44};
    MPI_Send(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  printf("rank %d got %d\n", rank, value);
  MPI_Finalize();
  return 0;
}
