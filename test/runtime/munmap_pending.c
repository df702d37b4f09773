// MPI 4.1 3.7.2: memory that holds a pending receive buffer may not be
// released by any means before completion; munmap() is like free()
// (pending-buffer-freed). The receive is cancelled so nothing lands in the
// unmapped page. Twin (-DFIXED): munmap after MPI_Wait.
// The pass sends instrumented code's munmap calls to the runtime's
// __mpisync_munmap (UCX patches the `munmap` symbol's code, so an
// interceptor would be bypassed).
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <sys/mman.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    int *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    MPI_Request req;
    MPI_Irecv(page, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    munmap(page, 4096);
    // CHECK: ERROR: MPISync: pending-buffer-freed on rank 1
    // CHECK: #0 {{.*}} in main {{.*}}munmap_pending.c:[[@LINE-2]]
    // CHECK: of a pending MPI_Irecv (16 x MPI_INT), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}munmap_pending.c:[[@LINE-6]]
    // CHECK: SUMMARY: MPISync: pending-buffer-freed {{.*}}munmap_pending.c:[[@LINE-5]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}munmap_pending.c:[[@LINE-7]]
    MPI_Cancel(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#else
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", page[15]);
    // OK: rank 1 received 15
    munmap(page, 4096);
#endif
  } else {
#ifdef FIXED
    int data[16];
    for (int i = 0; i < 16; i++)
      data[i] = i;
    MPI_Send(data, 16, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
  }
  MPI_Finalize();
  return 0;
}
