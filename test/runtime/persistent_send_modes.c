// MPI 4.1 3.9: MPI_Bsend_init, MPI_Ssend_init and MPI_Rsend_init create
// persistent sends whose buffers may not be written while a started round is
// pending. The receives are posted before the barrier, as MPI_Rsend needs.
// Twin (-DFIXED): write after MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank;
  int b[2] = {1, 2}, s[2] = {3, 4}, r[2] = {5, 6};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request reqs[3];
  if (rank == 0) {
    int size = MPI_BSEND_OVERHEAD + (int)sizeof(b);
    void *attached = malloc(size);
    MPI_Buffer_attach(attached, size);
    MPI_Bsend_init(b, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Ssend_init(s, 2, MPI_INT, 1, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Rsend_init(r, 2, MPI_INT, 1, 3, MPI_COMM_WORLD, &reqs[2]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Start(&reqs[0]);
#ifndef FIXED
    b[1] = 0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_send_modes.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the send buffer {{.*}} of a pending MPI_Bsend_init (2 x MPI_INT, element 1), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_send_modes.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}persistent_send_modes.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_{{Bsend_init|Start}} at {{.*}}persistent_send_modes.c:[[@LINE-8]]
#endif
    MPI_Start(&reqs[1]);
#ifndef FIXED
    s[0] = 0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_send_modes.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the send buffer {{.*}} of a pending MPI_Ssend_init (2 x MPI_INT, element 0), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_send_modes.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}persistent_send_modes.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_{{Ssend_init|Start}} at {{.*}}persistent_send_modes.c:[[@LINE-8]]
#endif
    MPI_Start(&reqs[2]);
#ifndef FIXED
    r[1] = 0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_send_modes.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the send buffer {{.*}} of a pending MPI_Rsend_init (2 x MPI_INT, element 1), started by MPI_Start{{(all)?}} here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}persistent_send_modes.c:[[@LINE-7]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}persistent_send_modes.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_{{Rsend_init|Start}} at {{.*}}persistent_send_modes.c:[[@LINE-8]]
#endif
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    b[1] = s[0] = r[1] = 0;
    for (int i = 0; i < 3; i++)
      MPI_Request_free(&reqs[i]);
    MPI_Buffer_detach(&attached, &size);
    free(attached);
  } else {
    MPI_Irecv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(s, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irecv(r, 2, MPI_INT, 0, 3, MPI_COMM_WORLD, &reqs[2]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    printf("rank 1 received %d %d %d %d %d %d\n", b[0], b[1], s[0], s[1], r[0], r[1]);
    // OK: rank 1 received 1 2 3 4 5 6
  }
  MPI_Finalize();
  return 0;
}
