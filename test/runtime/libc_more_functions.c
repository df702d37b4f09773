// MPI 4.1 3.7.2: any libc function reading a pending receive buffer or
// writing a pending send or receive buffer breaks the rule, like memcpy
// does: printf("%s") and strlen read, sprintf writes, qsort permutes and
// sscanf stores. Twin (-DFIXED): the calls come after MPI_Waitall.
// The string, printf/scanf and qsort interceptors
// (mpisync_interceptors_libc.cpp) check them at the caller's line.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int descending(const void *a, const void *b) {
  return *(const int *)b - *(const int *)a;
}

int main(int argc, char **argv) {
  int rank, nums[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  char text[32] = "stale", note[32] = "";
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request reqs[3];
    MPI_Irecv(text, 32, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(note, 32, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(nums, 8, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[2]);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
#endif
    printf("early: %s\n", text);
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_more_functions.c:[[@LINE-1]]
    size_t len = strlen(text);
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_more_functions.c:[[@LINE-1]]
    sprintf(note, "%zu", len);
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_more_functions.c:[[@LINE-1]]
    qsort(nums, 8, sizeof(int), descending);
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}libc_more_functions.c:[[@LINE-1]]
    sscanf("77", "%d", &nums[3]);
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}libc_more_functions.c:[[@LINE-1]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
#endif
    printf("rank 1: %s %s %d %d\n", text, note, nums[0], nums[3]);
    // OK: early: fresh
    // OK: rank 1: fresh 5 8 77
  } else {
    char a[32] = "fresh", b[32] = "unused";
    int in[8];
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(a, 32, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    MPI_Send(b, 32, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
    MPI_Recv(in, 8, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
