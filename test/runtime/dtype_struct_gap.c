// MPI 4.1 5.1.2: a struct type covers its members only; the padding of the C
// struct is not part of the message and may be written while the send is
// pending. Writing a member is an error (element = index of the record).
// Twin (-DFIXED): only padding writes before MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

struct rec {
  char c;   // 0, then 7 bytes of padding
  double d; // 8
  int i;    // 16, then 4 bytes of padding
};

int main(int argc, char **argv) {
  int rank;
  struct rec recs[3];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int lens[3] = {1, 1, 1};
  MPI_Aint disps[3] = {offsetof(struct rec, c), offsetof(struct rec, d),
                       offsetof(struct rec, i)};
  MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT}, st, rt;
  MPI_Type_create_struct(3, lens, disps, types, &st);
  MPI_Type_create_resized(st, 0, sizeof(struct rec), &rt);
  MPI_Type_commit(&rt);
  if (rank == 0) {
    for (int k = 0; k < 3; k++) {
      recs[k].c = 'a' + k;
      recs[k].d = k + 0.5;
      recs[k].i = 10 * k;
    }
    MPI_Request req;
    MPI_Isend(recs, 3, rt, 1, 0, MPI_COMM_WORLD, &req);
    char *bytes = (char *)recs;
    bytes[24 + 3] = 1;  // padding after recs[1].c
    bytes[48 + 21] = 1; // padding after recs[2].i
#ifndef FIXED
    recs[2].i = 5;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_struct_gap.c:[[@LINE-3]]
    // CHECK: is 64 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (3 x {{.*}}, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_struct_gap.c:[[@LINE-10]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_struct_gap.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_struct_gap.c:[[@LINE-11]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(recs, 3, rt, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %c %g %d\n", recs[2].c, recs[2].d, recs[2].i);
    // OK: rank 1 received c 2.5 20
  }
  MPI_Type_free(&rt);
  MPI_Type_free(&st);
  MPI_Finalize();
  return 0;
}
