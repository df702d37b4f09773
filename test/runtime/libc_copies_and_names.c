// MPI 4.1 3.7.2: writing into a pending receive buffer is an error whatever
// writes it. libc's copies and clears that the compiler leaves as calls
// (memccpy, mempcpy, explicit_bzero) and the calls that fill a caller's
// buffer with a name (getcwd, gethostname) are checked at the caller's line
// (mpisync_interceptors_libc.cpp). Reading a pending send buffer is not an
// error: memccpy and mempcpy out of one are not reported.
// Twin (-DFIXED): the calls come after MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=send-buffer-write
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int rank;
  char in[5][256], out[64] = "name:value", back[64], copy[64];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request reqs[7];
  int peer = 1 - rank;
  for (int i = 0; i < 5; i++)
    MPI_Irecv(in[i], 256, MPI_CHAR, peer, i, MPI_COMM_WORLD, &reqs[i]);
  MPI_Isend(out, 64, MPI_CHAR, peer, 9, MPI_COMM_WORLD, &reqs[5]);
  MPI_Irecv(back, 64, MPI_CHAR, peer, 9, MPI_COMM_WORLD, &reqs[6]);
#ifdef FIXED
  for (int i = 0; i < 5; i++)
    MPI_Send(out, 64, MPI_CHAR, peer, i, MPI_COMM_WORLD);
  MPI_Waitall(7, reqs, MPI_STATUSES_IGNORE);
#endif
  memccpy(copy, out, ':', sizeof(copy)); // reads the pending send buffer
  mempcpy(copy + 8, out, 4);             // reads it too
  memccpy(in[0], "abc", 'b', 4);
  // CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_copies_and_names.c:[[@LINE-1]]
  mempcpy(in[1], copy, 8);
  // CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_copies_and_names.c:[[@LINE-1]]
  explicit_bzero(in[2], 16);
  // CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_copies_and_names.c:[[@LINE-1]]
  if (!getcwd(in[3], 256))
    in[3][0] = 0;
  // CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_copies_and_names.c:[[@LINE-2]]
  gethostname(in[4], 256);
  // CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_copies_and_names.c:[[@LINE-1]]
#ifndef FIXED
  for (int i = 0; i < 5; i++)
    MPI_Send(out, 64, MPI_CHAR, peer, i, MPI_COMM_WORLD);
  MPI_Waitall(7, reqs, MPI_STATUSES_IGNORE);
#endif
  printf("rank %d copied %.5s\n", rank, copy);
  // OK-DAG: rank 0 copied name:
  // OK-DAG: rank 1 copied name:
  MPI_Finalize();
  return 0;
}
