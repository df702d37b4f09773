// MPI 4.1 3.7.2: the send buffer of a pending MPI_Ibsend must not be written
// until the request completes, even though the data went to the attached
// buffer inside the call (latent). Twin (-DFIXED): write after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, buf[10];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int size = MPI_BSEND_OVERHEAD + (int)sizeof(buf);
    void *attached = malloc(size);
    MPI_Buffer_attach(attached, size);
    for (int i = 0; i < 10; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Ibsend(buf, 10, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    buf[3] = 30;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at [[ADDR:0x[0-9a-f]+]] by rank 0 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}ibsend_write.c:[[@LINE-3]]
    // CHECK: [[ADDR]] is 12 bytes from the start of the send buffer {{.*}} of a pending MPI_Ibsend (10 x MPI_INT, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}ibsend_write.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}ibsend_write.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Ibsend at {{.*}}ibsend_write.c:[[@LINE-8]]
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[3] = 30;
    MPI_Buffer_detach(&attached, &size);
    free(attached);
  } else {
    MPI_Recv(buf, 10, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int sum = 0;
    for (int i = 0; i < 10; i++)
      sum += buf[i];
    printf("rank 1 received sum %d\n", sum);
    // OK: rank 1 received sum 45
  }
  MPI_Finalize();
  return 0;
}
