// MPI 4.1 5.1.12: with MPI_BOTTOM as the buffer, the displacements of the
// type are absolute addresses (MPI_Get_address). Rank 0 sends two separate
// arrays through an hindexed type, rank 1 receives into two variables through
// a struct type; memory next to them is not part of the buffers.
// Twin (-DFIXED): only neighbouring memory is touched while pending.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=R0 < %t.out
// RUN: FileCheck %s --check-prefix=R1 < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int x[2] = {1, 2};
int y[3] = {3, 4, 5};
struct {
  int before;
  int p;
  double q;
} box = {0, 0, 0.0};

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 0) {
    // x[1] and y[1..2].
    int lens[2] = {1, 2};
    MPI_Aint disps[2];
    MPI_Get_address(&x[1], &disps[0]);
    MPI_Get_address(&y[1], &disps[1]);
    MPI_Datatype t;
    MPI_Type_create_hindexed(2, lens, disps, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Isend(MPI_BOTTOM, 1, t, 1, 0, MPI_COMM_WORLD, &req);
    x[0] = y[0] = -1; // not in the type
#ifndef FIXED
    y[2] = -1;
    // R0: ERROR: MPISync: send-buffer-write on rank 0
    // R0-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // R0-NEXT: #0 {{.*}} in main {{.*}}dtype_bottom_absolute.c:[[@LINE-3]]
    // R0: is {{[1-9]?[0-9]?[0-9]?[0-9]?[0-9]}} bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x {{.*}}, element 0), started here:
    // R0-NEXT: #0 {{.*}} in main {{.*}}dtype_bottom_absolute.c:[[@LINE-8]]
    // R0: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_bottom_absolute.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_bottom_absolute.c:[[@LINE-9]]
    // R0-NOT: ERROR: MPISync: {{.*}} on rank 0
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&t);
  } else {
    int lens[2] = {1, 2};
    MPI_Aint disps[2];
    MPI_Datatype types[2] = {MPI_INT, MPI_INT}, t;
    MPI_Get_address(&box.p, &disps[0]);
    MPI_Get_address(&y[0], &disps[1]);
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_commit(&t);
    MPI_Irecv(MPI_BOTTOM, 1, t, 0, 0, MPI_COMM_WORLD, &req);
    int seen = box.before + y[2];
#ifndef FIXED
    seen += box.p;
    // R1: ERROR: MPISync: recv-buffer-access on rank 1
    // R1-NEXT: READ of size 4 at {{.*}} by rank 1 (
    // R1-NEXT: #0 {{.*}} in main {{.*}}dtype_bottom_absolute.c:[[@LINE-3]]
    // R1: is {{[1-9]?[0-9]?[0-9]?[0-9]?[0-9]}} bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (1 x {{.*}}, element 0), started here:
    // R1-NEXT: #0 {{.*}} in main {{.*}}dtype_bottom_absolute.c:[[@LINE-8]]
    // R1: SUMMARY: MPISync: recv-buffer-access {{.*}}dtype_bottom_absolute.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}dtype_bottom_absolute.c:[[@LINE-9]]
    // R1-NOT: ERROR: MPISync: {{.*}} on rank 1
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 seen %d, received %d %d %d\n", seen, box.p, y[0], y[1]);
    // OK: rank 1 seen 5, received 2 4 5
    MPI_Type_free(&t);
  }
  MPI_Finalize();
  return 0;
}
