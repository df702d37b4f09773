// A loop's range checked by a call to a _cold range entry (docs/design.md,
// "Range checks outside call-free loops"): the entry compares the range with
// the interval of its access type. With one receive pending (both intervals
// are its bytes), reads and writes of ranges that end where it starts or
// start where it ends are not reported; a read and a write that reach one
// element into it are, at the access's line and the MPI_Irecv's, the write
// from its first pending byte to the end of its range (7 elements; 8 bytes
// when the suite runs with every filter off: each access checked alone).
// Twin (-DFIXED): only the ranges that miss it. The IR check makes sure
// both loops are checked by the _cold entries.
// RUN: %bindir/mpisync-mpicc -fsanitize=mpisync -O2 -g -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

// IR-LABEL: define {{.*}}double @sum(
// IR:       call preserve_allcc void @__mpisync_loadN_cold(
// IR-NOT:   call preserve_allcc void @__mpisync_load
// IR:       ret double
__attribute__((noinline)) double sum(const double *a, long lo, long hi) {
  double s = 0;
  for (long i = lo; i < hi; i++)
    s += a[i];
  return s;
}

// IR-LABEL: define {{.*}}void @fill(
// IR:       call preserve_allcc void @__mpisync_storeN_cold(
// IR-NOT:   call preserve_allcc void @__mpisync_store
// IR:       ret void
__attribute__((noinline)) void fill(double *a, long lo, long hi, double v) {
  for (long i = lo; i < hi; i++)
    a[i] = v;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *a = calloc(64, sizeof(double));
  double s = 0;
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(a + 16, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    s += sum(a, 0, 16);
    s += sum(a, 24, 32);
    fill(a, 8, 16, 1.0);
    fill(a, 24, 40, 2.0);
#ifndef FIXED
    s += sum(a, 8, 17);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in sum {{.*}}cold_range_bounds.c:27
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}cold_range_bounds.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (8 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}cold_range_bounds.c:[[@LINE-12]]
    fill(a, 23, 30, 3.0);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size {{56|8}} at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in fill {{.*}}cold_range_bounds.c:37
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}cold_range_bounds.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (8 x MPI_DOUBLE, element 7), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}cold_range_bounds.c:[[@LINE-19]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(a, 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
  // OK: done {{[0-9.]+}}
  printf("done %g\n", s);
  free(a);
  MPI_Finalize();
  return 0;
}
