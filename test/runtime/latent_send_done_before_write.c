// DESIGN 1 (manifest vs latent): the verdict says whether the library had
// moved the send data by the time of the write, which it is asked when the
// write is found (runtime/mpisync_send_status.h), not only when the send
// started. A 64 KiB MPI_Isend is a rendezvous (the suite's UCX settings):
// the receiver pulls the data, which MPISync cannot see, and the send is
// not complete when MPI_Isend returns. Rank 1 says when its receive is
// complete, with a message rank 0 probes for (the probes drive the
// library's progress: the send completes inside it), and rank 0 then
// writes the buffer before its MPI_Wait: an error, but this run's message
// already left (rank 1 got the old byte), so the report says latent.
// Asked at the start only, it said manifest.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DATA < %t.out
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SIZE 65536

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *buf = calloc(SIZE, 1);
  MPI_Request req;
  if (rank == 0) {
    MPI_Barrier(MPI_COMM_WORLD); // rank 1's receive is posted
    MPI_Isend(buf, SIZE, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &req);
    int received = 0;
    while (!received)
      MPI_Iprobe(1, 1, MPI_COMM_WORLD, &received, MPI_STATUS_IGNORE);
    buf[SIZE - 1] = 'x';
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 1 at {{.*}} by rank 0 (latent: the library had already moved the data in this run)
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_send_done_before_write.c:[[@LINE-3]]
    // CHECK: is 65535 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (65536 x MPI_CHAR, element 65535), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_send_done_before_write.c:[[@LINE-9]]
    MPI_Recv(NULL, 0, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Irecv(buf, SIZE, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Send(NULL, 0, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
    printf("rank 1 received %d\n", buf[SIZE - 1]);
    // DATA: rank 1 received 0
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
