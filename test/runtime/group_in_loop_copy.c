// In a loop's instrumented copy, accesses at constant offsets from one
// pointer share one test of their hull's shadow bytes (pass/AccessGroups.h):
// the element loop below reads an element's three node numbers (12 bytes)
// behind one test. A receive is pending into the middle node number of
// element 5. Reading only the first and last node numbers of each element
// meets that hull (the group's test hits) without reading the pending int:
// no report, each member then tests its own shadow. Reading all three
// reads it: reported at that line. Twin (-DFIXED): the read waits.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kElements = 64 };

// Elements with pick[e] set: the loop skips some, so its reads are
// checked one by one (not once before the loop).
__attribute__((noinline)) static long ends(const int *conn, const char *pick) {
  long s = 0;
  for (int e = 0; e < kElements; e++) {
    if (!pick[e])
      continue;
    const int *en = conn + 3 * e;
    s += en[0] * 2 + en[2];
  }
  return s;
}

__attribute__((noinline)) static long all_nodes(const int *conn,
                                               const char *pick) {
  long s = 0;
  for (int e = 0; e < kElements; e++) {
    if (!pick[e])
      continue;
    const int *en = conn + 3 * e;
    s += en[0] +
         en[1] * 3 +
         en[2];
  }
  return s;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *conn = malloc(3 * kElements * sizeof(int));
  char *pick = malloc(kElements);
  for (int i = 0; i < 3 * kElements; i++)
    conn[i] = i % 7;
  for (int e = 0; e < kElements; e++)
    pick[e] = e % 3 != 1;
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(&conn[3 * 5 + 1], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    long s = ends(conn, pick);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    s += all_nodes(conn, pick);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in all_nodes {{.*}}group_in_loop_copy.c:40
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}group_in_loop_copy.c:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (1 x MPI_INT, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}group_in_loop_copy.c:[[@LINE-12]]
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#endif
    printf("sum %ld\n", s);
    // OK: sum 1309
    // CHECK-NOT: ERROR: MPISync
  } else {
    int v = 100;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  free(conn);
  free(pick);
  MPI_Finalize();
  return 0;
}
