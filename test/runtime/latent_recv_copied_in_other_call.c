// DESIGN 1 (manifest vs latent): a receive's data may arrive in an MPI call
// other than the one that started it; the library's copy inside that call
// counts for the verdict once the call has returned (below
// MPI_THREAD_MULTIPLE the copy waits in the thread's own buffer until the
// call ends: mpisync_copy_log.h). Rank 1 posts the receive before rank 0
// sends; the message is matched and copied into `buf` while rank 1 is in
// the second barrier, which rank 0 enters only after its send. A read
// before the wait is an error either way (MPI 4.1 3.7.2); here it is
// latent: the data is already there. A receive whose message has not yet
// been sent stays manifest.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0}, late[4] = {0}, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req[2];
    MPI_Irecv(buf, 4, MPI_INT, 0, 5, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(late, 4, MPI_INT, 0, 6, MPI_COMM_WORLD, &req[1]);
    MPI_Barrier(MPI_COMM_WORLD); // rank 0 sends tag 5 after this
    MPI_Barrier(MPI_COMM_WORLD); // ... and enters this one after its send
    v += buf[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_recv_copied_in_other_call.c:[[@LINE-3]]
    v += late[0];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_recv_copied_in_other_call.c:[[@LINE-3]]
    MPI_Barrier(MPI_COMM_WORLD); // now tag 6 goes
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  } else {
    int data[4] = {1, 2, 3, 4};
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 5, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(data, 4, MPI_INT, 1, 6, MPI_COMM_WORLD);
  }
  printf("v = %d\n", v);
  MPI_Finalize();
  return 0;
}
