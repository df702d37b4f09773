// MPI 4.1 3.7.3: MPI_Request_free of an active send gives up the request;
// the buffer stays the library's until the send completes. MPISync asks the
// library at the free: a send it has finished (a small message, copied
// eagerly) leaves nothing pending, so the standard's example, where the
// receiver's reply tells the sender it may reuse the buffer, is clean. A
// send still in progress (a large message the receiver has not taken yet)
// keeps its buffer pending until MPI_Finalize: writing it, or free()ing
// it, is reported as for a send (freed-request-buffer-access,
// pending-buffer-freed); reading it stays allowed.
// Twin (-DFIXED): only the reply pattern, and the large buffer only read.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kBig = 1 << 16 }; // doubles: far past the eager limit

int main(int argc, char **argv) {
  int rank, buf[4] = {5, 6, 7, 8}, ack = 0;
  double *big = malloc(kBig * sizeof(double));
  for (int i = 0; i < kBig; i++)
    big[i] = i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // The reply pattern: clean.
    MPI_Request req;
    MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Request_free(&req);
    MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    buf[1] = ack;
    // A large send the receiver has not started to take.
    MPI_Isend(big, kBig, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD, &req);
    MPI_Request_free(&req);
    double sum = big[0] + big[kBig - 1];
#ifndef FIXED
    big[1] = sum;
    // CHECK: ERROR: MPISync: freed-request-buffer-access on rank 0
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 0 (the request was freed with MPI_Request_free before it completed
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (65536 x MPI_DOUBLE, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_free_active.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: freed-request-buffer-access {{.*}}request_free_active.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}request_free_active.c:[[@LINE-10]]
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(&ack, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 0 buf %d sum %g ack %d\n", buf[1], sum, ack);
    // OK: rank 0 buf 26 sum 65535 ack 1
#ifndef FIXED
    free(big);
    // CHECK: ERROR: MPISync: pending-buffer-freed on rank 0
    // CHECK: SUMMARY: MPISync: pending-buffer-freed {{.*}}request_free_active.c:[[@LINE-2]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}request_free_active.c:[[@LINE-19]]
    big = NULL;
#endif
  } else {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ack = buf[0] + buf[1] + buf[2] + buf[3];
    MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(big, kBig, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ack = big[kBig - 1] == kBig - 1;
    MPI_Send(&ack, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  free(big); // the freed send's buffer is the program's again
  return 0;
}
