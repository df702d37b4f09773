// Writing the buffer of a pending MPI_Isend is an error (MPI 4.1, 3.7.2);
// below the eager threshold the library copied the data inside MPI_Isend,
// so the conflict is latent in this run.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[10] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Isend(buf, 10, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    buf[2] = 7;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at [[ADDR:0x[0-9a-f]+]] by rank 0 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isend_write.c:[[@LINE-3]]
    // CHECK: [[ADDR]] is 8 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (10 x MPI_INT, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}isend_write.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}isend_write.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}isend_write.c:[[@LINE-7]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(buf, 10, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
