// MPI 4.1 3.9: a persistent request stays allocated until MPI_Request_free;
// one never freed is reported at MPI_Finalize (request-not-freed). Freeing an
// inactive persistent request, never started or started and completed, is
// correct. Twin (-DFIXED): MPI_Request_free both requests.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {1, 2}, spare[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req, unused;
  if (rank == 0) {
    MPI_Send_init(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Request_free(&req); // inactive after the wait
  } else {
    MPI_Recv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv_init(spare, 2, MPI_INT, 0, 9, MPI_COMM_WORLD, &unused);
    spare[0] = buf[0] + buf[1]; // never started: the program's memory
#ifdef FIXED
    MPI_Request_free(&unused);
#endif
    printf("rank 1 has %d\n", spare[0]);
    // OK: rank 1 has 3
  }
  MPI_Finalize();
  // CHECK: ERROR: MPISync: request-not-freed on rank 1
  // CHECK-NEXT: The persistent request of MPI_Recv_init was never freed (MPI_Request_free); it was created here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_not_freed.c:[[@LINE-11]]
  // CHECK: MPI_Finalize was called here:
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}request_not_freed.c:[[@LINE-5]]
  // CHECK: SUMMARY: MPISync: request-not-freed {{.*}}request_not_freed.c:[[@LINE-14]]:{{[0-9]+}} in main; MPI_Recv_init at {{.*}}request_not_freed.c:[[@LINE-14]]
  // CHECK-NOT: ERROR: MPISync
  return 0;
}
