// DESIGN 1 (manifest vs latent), with the suite's UCX settings: up to 8 KiB
// MPI_Isend copies the data eagerly inside the call, so a later write is
// latent (the receiver gets the old byte); from 16 KiB the receiver pulls
// the data during completion, so the write is manifest (it gets the new one).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DATA < %t.out
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define EAGER 8192
#define RNDV 16384

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *a = calloc(EAGER, 1), *b = calloc(RNDV, 1);
  if (rank == 0) {
    MPI_Request reqs[2];
    MPI_Isend(a, EAGER, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    a[EAGER - 1] = 'x';
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 1 at {{.*}} by rank 0 (latent: the library had already moved the data in this run)
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_sizes.c:[[@LINE-3]]
    // CHECK: is 8191 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (8192 x MPI_CHAR, element 8191), started here:
    MPI_Isend(b, RNDV, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &reqs[1]);
    b[RNDV - 1] = 'y';
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 1 at {{.*}} by rank 0 (manifest: the library had not yet moved the data)
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_sizes.c:[[@LINE-3]]
    // CHECK: is 16383 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (16384 x MPI_CHAR, element 16383), started here:
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(a, EAGER, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b, RNDV, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("8 KiB message ends with %d, 16 KiB message ends with '%c'\n",
           a[EAGER - 1], b[RNDV - 1]);
    // DATA: 8 KiB message ends with 0, 16 KiB message ends with 'y'
  }
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
// Open MPI copies a message above its eager limit in pieces, the first
// inside the start call: a send counts as consumed only once all of its
// bytes were copied (CountMovedBytes), so the verdict is the same on both
// MPI families.
