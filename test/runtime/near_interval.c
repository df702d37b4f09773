// Outside call-free loops an access (or a group of field accesses) is first
// tested against the near interval: the pending regions extended 1024 bytes
// down (include/mpisync/published_state.h, kNearSlack). An access that
// starts below a pending buffer and reaches into it, and a group whose
// first member lies 496 bytes below the buffer while a later one reads it,
// are still reported, each at its own line (the lowest pending bytes are
// the buffer's: with no slack both would be missed); an access just below
// the buffer and one of another block are not. Twin (-DFIXED): the reads
// wait for the receive.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double head;
  char middle[488];
  double tail; // offset 496
} Record;

typedef struct {
  double x, y;
} Pair;

// A 16-byte read starting 14 bytes below the pending bytes (the report
// shows the 2 pending bytes it reads).
__attribute__((noinline)) static double straddle(const char *p) {
  Pair v;
  memcpy(&v, p, sizeof v);
  return v.x + v.y;
}

// One group: `head` 496 bytes below `tail`.
__attribute__((noinline)) static double ends(const Record *r) {
  return r->head + r->tail;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *block = calloc(4096, 1);
  Record *far = calloc(1, sizeof(Record));
  double s = 0;
  if (rank == 1) {
    Record *r = (Record *)(block + 2048);
    MPI_Request req;
    MPI_Irecv(block + 64, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
    s += straddle(block + 32);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    s += straddle(block + 50);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 2 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in straddle {{.*}}near_interval.c:33
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}near_interval.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (8 x MPI_CHAR, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}near_interval.c:[[@LINE-12]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    MPI_Irecv(&r->tail, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &req);
    s += ends(far);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    s += ends(r);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in ends {{.*}}near_interval.c:39
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}near_interval.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}near_interval.c:[[@LINE-12]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("sum %g\n", s);
    // OK: sum 7
    // CHECK-NOT: ERROR: MPISync
  } else {
    char bytes[8] = {0};
    double v = 7;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(bytes, 8, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
  }
  free(far);
  free(block);
  MPI_Finalize();
  return 0;
}
