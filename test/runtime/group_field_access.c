// Field accesses through one pointer share one range test (pass/
// AccessGroups.h). A receive is pending into one field (c) of objs[3]:
// reading a and d of the same object makes the group's hull meet the
// pending interval although neither field is pending (no report: each
// member then tests its own shadow); reading the fields of objs[1] misses
// the interval (no report); reading all four fields of objs[3] reads the
// pending c, reported at that line. Twin (-DFIXED): the read waits.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double a, b, c, d;
} Obj;

__attribute__((noinline)) static double outer_fields(const Obj *o) {
  return o->a + o->d;
}

__attribute__((noinline)) static double all_fields(const Obj *o) {
  return o->a + o->b + o->c + o->d;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Obj *objs = malloc(8 * sizeof(Obj));
  for (int i = 0; i < 8; i++)
    objs[i] = (Obj){i, 10 * i, 100 * i, 1000 * i};
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(&objs[3].c, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    double s = outer_fields(&objs[3]) + all_fields(&objs[1]);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    s += all_fields(&objs[3]);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 8 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in all_fields {{.*}}group_field_access.c:25
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}group_field_access.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}group_field_access.c:[[@LINE-12]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("sum %g\n", s);
    // OK: sum 7154
    // CHECK-NOT: ERROR: MPISync
  } else {
    double v = 7;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
  free(objs);
  MPI_Finalize();
  return 0;
}
