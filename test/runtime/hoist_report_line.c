// A loop whose range check also covers the store just before it (buf[0],
// in the loop's preheader) names the loop's store when the range meets a
// pending send buffer that only the loop writes: the line of the access
// that touches it, as a check per access would.
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>

#define N 64

__attribute__((noinline)) void fill(int *buf) {
  buf[0] = 1;
  for (int i = 1; i < N; i++)
    buf[i] = buf[i - 1] * 3 + i; // LOOP_STORE
}

int main(int argc, char **argv) {
  int rank, buf[N] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Isend(buf + N / 2, N / 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // ISEND
    fill(buf);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(buf, N / 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  printf("rank %d buf[1] %d\n", rank, buf[1]);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: send-buffer-write on rank 0
// CHECK-NEXT: WRITE of size {{[0-9]+}} at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in fill {{.*}}hoist_report_line.c:15
// CHECK: started here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}hoist_report_line.c:24
