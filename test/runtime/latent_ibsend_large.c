// DESIGN 1 (manifest vs latent): MPI_Ibsend copies the message into the
// attached buffer inside the call, whatever its size, so a later write is
// latent even above the rendezvous threshold (the receiver gets the old
// data); it is still an error (MPI 4.1 3.7.2).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DATA < %t.out
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N (64 * 1024)

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *buf = calloc(N, 1);
  if (rank == 0) {
    int size = MPI_BSEND_OVERHEAD + N;
    void *attached = malloc(size);
    MPI_Buffer_attach(attached, size);
    MPI_Request req;
    MPI_Ibsend(buf, N, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &req);
    buf[N - 1] = 'z';
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 1 at {{.*}} by rank 0 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_ibsend_large.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Ibsend (65536 x MPI_CHAR, element 65535), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_ibsend_large.c:[[@LINE-6]]
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Buffer_detach(&attached, &size);
    free(attached);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(buf, N, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received last byte %d\n", buf[N - 1]);
    // DATA: rank 1 received last byte 0
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
