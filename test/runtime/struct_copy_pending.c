// A struct assignment (a 16-byte memcpy) and a copy of runtime length are
// memory accesses like any other: copying into the receive buffer of a
// pending MPI_Irecv is an error at the copy's line, whether the copy is
// short (checked inline as the store it stands for) or long (checked as a
// range). Copies next to the pending buffer, and scalars passed to MPI only
// as out-parameters (a status, a flag, a request), are not errors. Twin
// (-DFIXED): the copies wait for the receive. (Rank 0 sends after a
// barrier, so the receive is still pending at MPI_Test and at the copies.)
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  double re, im;
} cplx;

// Not inlined: the copies are made through pointers the caller chose.
__attribute__((noinline)) void put(cplx *dst, const cplx *src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

int copies;

// Not a tail call either (the report's first frame is the copy's line).
__attribute__((noinline)) void copy(void *dst, const void *src, size_t n) {
  memcpy(dst, src, n);
  copies++;
}

int main(int argc, char **argv) {
  int rank;
  cplx recv[8], mine[8], after[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 8; i++)
    mine[i] = (cplx){i, -i};
  if (rank == 1) {
    MPI_Request req;
    int flag = 0;
    MPI_Status status;
    MPI_Irecv(recv, 16, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Test(&req, &flag, &status);
    put(after, mine, 2); // next to the pending buffer: fine
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, &status);
#endif
    put(recv + 1, mine, 1);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size {{8|16}} at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in put {{.*}}struct_copy_pending.c:24
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}struct_copy_pending.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (16 x MPI_DOUBLE, element {{2|3}}), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}struct_copy_pending.c:[[@LINE-13]]
    copy(&recv[4], mine, 3 * sizeof(cplx));
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 48 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in copy {{.*}}struct_copy_pending.c:31
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}struct_copy_pending.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (16 x MPI_DOUBLE, element {{8|9}}), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}struct_copy_pending.c:[[@LINE-20]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, &status);
#endif
    int count;
    MPI_Get_count(&status, MPI_DOUBLE, &count);
    printf("flag %d count %d re %g im %g\n", flag, count, recv[1].re,
           after[1].im);
    // OK: flag 0 count 16 re 0 im -1
  } else {
    MPI_Barrier(MPI_COMM_WORLD); // rank 1 copies while its receive is pending
    MPI_Send(mine, 16, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
