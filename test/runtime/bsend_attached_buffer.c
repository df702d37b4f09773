// MPI 4.1 3.6.1: the buffer given to MPI_Buffer_attach is MPI's (it copies
// the messages of MPI_Bsend into it and sends them from there) until
// MPI_Buffer_detach returns; only then may the program reuse or free it.
// CASE=1: a store into the attached buffer after MPI_Bsend
// (attached-buffer-write, naming MPI_Buffer_attach). CASE=2: free() of it
// while attached (pending-buffer-freed). Twin (-DFIXED): both after the
// detach, and the buffer read while attached (allowed).
// RUN: %mpicc -fsanitize=mpisync -DCASE=1 %s -o %t.1
// RUN: not %mpiexec -n 2 %t.1 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: %mpicc -fsanitize=mpisync -DCASE=2 %s -o %t.2
// RUN: not %mpiexec -n 2 %t.2 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CASE
#define CASE 0
#endif

int main(int argc, char **argv) {
  int rank, data[4] = {1, 2, 3, 4}, got[4] = {0, 0, 0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int size = 4 * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
  char *pool = malloc(size);
  MPI_Buffer_attach(pool, size);
  int peer = 1 - rank;
  MPI_Bsend(data, 4, MPI_INT, peer, 0, MPI_COMM_WORLD);
#ifdef FIXED
  volatile char first = pool[0]; // reading it is allowed
  (void)first;
#elif CASE == 1
  pool[size - 1] = 0;
  // WRITE: ERROR: MPISync: attached-buffer-write on rank {{[01]}}
  // WRITE: WRITE of size 1 at {{.*}} (the buffer is MPI's until MPI_Buffer_detach returns)
  // WRITE-NEXT: #0 {{.*}} in main {{.*}}bsend_attached_buffer.c:[[@LINE-3]]
  // WRITE: is {{[0-9]+}} bytes from the start of the attached buffer [{{.*}}) of a pending MPI_Buffer_attach ({{[0-9]+}} x MPI_BYTE{{.*}}), started here:
  // WRITE-NEXT: #0 {{.*}} in main {{.*}}bsend_attached_buffer.c:[[@LINE-12]]
  // WRITE: SUMMARY: MPISync: attached-buffer-write {{.*}}bsend_attached_buffer.c:[[@LINE-6]]{{.*}}; MPI_Buffer_attach at {{.*}}bsend_attached_buffer.c:[[@LINE-13]]
#elif CASE == 2
  free(pool);
  // FREE: ERROR: MPISync: pending-buffer-freed on rank {{[01]}}
  // FREE: SUMMARY: MPISync: pending-buffer-freed {{.*}}bsend_attached_buffer.c:[[@LINE-2]]{{.*}}; MPI_Buffer_attach at {{.*}}bsend_attached_buffer.c:[[@LINE-17]]
#endif
  MPI_Recv(got, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#if CASE != 2
  void *detached;
  int detached_size;
  MPI_Buffer_detach(&detached, &detached_size);
#ifdef FIXED
  memset(pool, 0, size);
  free(pool);
#endif
#endif
  printf("rank %d got %d %d %d %d\n", rank, got[0], got[1], got[2], got[3]);
  // OK-DAG: rank 0 got 1 2 3 4
  // OK-DAG: rank 1 got 1 2 3 4
  MPI_Finalize();
  return 0;
}
