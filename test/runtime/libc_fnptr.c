// MPI 4.1 3.7.2: libc's memcpy/strcpy called through a function pointer
// (so the compiler cannot see or instrument the copy) writing into a pending
// receive buffer are checked by the interceptors. Twin (-DFIXED): the copies
// come after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <string.h>

void *(*volatile copy_fn)(void *, const void *, size_t) = memcpy;
char *(*volatile strcpy_fn)(char *, const char *) = strcpy;

int main(int argc, char **argv) {
  int rank;
  char buf[24] = "";
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 24, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    copy_fn(buf + 8, "12345", 6);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 6 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_fnptr.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (24 x MPI_CHAR, element 8), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_fnptr.c:[[@LINE-10]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_fnptr.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}libc_fnptr.c:[[@LINE-11]]
    strcpy_fn(buf + 16, "abc");
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_fnptr.c:[[@LINE-3]]
    // CHECK: is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (24 x MPI_CHAR, element 16), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_fnptr.c:[[@LINE-17]]
    // CHECK-NOT: ERROR: MPISync
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("rank 1 has %s|%s|%s\n", buf, buf + 8, buf + 16);
    // OK: rank 1 has msg|12345|abc
  } else {
    char msg[24] = "msg";
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(msg, 24, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
