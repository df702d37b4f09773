// MPI 4.1 3.7.2: a pending receive buffer may not be written by anyone in
// the process, including code MPISync did not instrument: memcpy and strcpy
// called from a plain object file are checked by the libc interceptors.
// Twin (-DFIXED): the copies come after MPI_Wait.
// RUN: %clang -g -O0 -c %S/Inputs/plain_copy.c -o %t.plain.o
// RUN: %mpicc -fsanitize=mpisync %s %t.plain.o -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s %t.plain.o -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stddef.h>

void plain_memcpy(void *dst, const void *src, size_t n);
void plain_strcpy(char *dst, const char *src);

int main(int argc, char **argv) {
  int rank;
  char buf[32] = "";
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 32, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    plain_memcpy(buf + 4, "copy", 4);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in plain_memcpy {{.*}}plain_copy.c:5
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}libc_uninstrumented.c:[[@LINE-4]]
    // CHECK: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (32 x MPI_CHAR, element 4), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_uninstrumented.c:[[@LINE-11]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}plain_copy.c:5{{.*}} in plain_memcpy; MPI_Irecv at {{.*}}libc_uninstrumented.c:[[@LINE-12]]
    plain_strcpy(buf + 16, "string");
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 7 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in plain_strcpy {{.*}}plain_copy.c:9
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}libc_uninstrumented.c:[[@LINE-4]]
    // CHECK: is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (32 x MPI_CHAR, element 16), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_uninstrumented.c:[[@LINE-19]]
    // CHECK-NOT: ERROR: MPISync
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("rank 1 has %s|%s|%s\n", buf, buf + 4, buf + 16);
    // OK: rank 1 has abc|copy|string
  } else {
    char msg[32] = "abc";
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(msg, 32, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
