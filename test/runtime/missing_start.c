// MPI 4.1 3.9: a persistent request is created inactive; completing it
// without MPI_Start returns at once with an empty status, so the
// communication the program expects never happens (missing-start).
// Twin (-DFIXED): MPI_Start before MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DONE < %t.out
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {4, 2};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Send_init(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
#ifdef FIXED
    MPI_Start(&req);
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    // CHECK: ERROR: MPISync: missing-start on rank 0
    // CHECK-NEXT: MPI_Wait on the persistent request of MPI_Send_init, which was never started with MPI_Start or MPI_Startall:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}missing_start.c:[[@LINE-3]]
    // CHECK: The request was created here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}missing_start.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: missing-start {{.*}}missing_start.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Send_init at {{.*}}missing_start.c:[[@LINE-10]]
    MPI_Request_free(&req);
    printf("rank 0 done\n");
    // DONE: rank 0 done
  } else {
#ifdef FIXED
    int in[2];
    MPI_Recv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d%d\n", in[0], in[1]);
    // OK: rank 1 received 42
#endif
  }
  MPI_Finalize();
  return 0;
}
