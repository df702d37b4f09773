// DESIGN 1 (manifest vs latent) for receives: reading a pending receive
// buffer before the data arrived is manifest; if the message had already
// arrived and was copied inside the call that started the receive, the read
// happens to see the data (latent). Persistent receives start each round
// afresh. Every one of these reads is an error (MPI 4.1 3.7.2).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0}, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Barrier(MPI_COMM_WORLD); // message 0 has arrived
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    v += buf[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_recv.c:[[@LINE-3]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Irecv(buf, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
    v += buf[1];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_recv.c:[[@LINE-3]]
    MPI_Barrier(MPI_COMM_WORLD); // now message 1 goes
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Recv_init(buf, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD); // message 2 has arrived
    MPI_Start(&req);
    v += buf[2];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_recv.c:[[@LINE-3]]
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Start(&req);
    v += buf[3];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_recv.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Recv_init (4 x MPI_INT, element 3), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_manifest_recv.c:[[@LINE-6]]
    MPI_Barrier(MPI_COMM_WORLD); // now message 3 goes
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Request_free(&req);
  } else {
    int data[4] = {1, 2, 3, 4};
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
