// Options: report_latent=0 hides conflicts the library happened not to see
// (an eager send copied inside MPI_Isend) but keeps manifest ones (a
// rendezvous send read during MPI_Wait). Both are reported by default.
// Rank 1 posts the large receive only once rank 0 has written (the "go"
// message): a receive posted earlier could let the library move all the
// data inside MPI_Isend on a loaded machine, and the write be latent.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,ALL
// RUN: env MPISYNC_OPTIONS=report_latent=0 not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,MANIFEST
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (64 * 1024)

int main(int argc, char **argv) {
  int rank;
  char small[64] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *big = calloc(BIG, 1);
  if (rank == 0) {
    MPI_Request reqs[2];
    MPI_Isend(small, 64, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    small[10] = 'x';
    // ALL: ERROR: MPISync: send-buffer-write on rank 0
    // ALL-NEXT: WRITE of size 1 at {{.*}} by rank 0 (latent
    // ALL: SUMMARY: MPISync: send-buffer-write {{.*}}opt_report_latent.c:[[@LINE-3]]
    // MANIFEST-NOT: latent
    MPI_Isend(big, BIG, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &reqs[1]);
    big[BIG - 1] = 'y';
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 1 at {{.*}} by rank 0 (manifest
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}opt_report_latent.c:[[@LINE-3]]
    MPI_Send(&rank, 1, MPI_INT, 1, 2, MPI_COMM_WORLD); // go
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  } else {
    int go;
    MPI_Recv(small, 64, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&go, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(big, BIG, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(big);
  MPI_Finalize();
  return 0;
}
// Open MPI copies a message above its eager limit in pieces, the first
// inside the start call: a send counts as consumed only once all of its
// bytes were copied (CountMovedBytes), so the verdict is the same on both
// MPI families.
