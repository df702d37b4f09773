// MPI 4.1 3.7.3 and 3.9: MPI_Wait, MPI_Test and their array forms on an
// inactive persistent request (created and never started, or completed
// already) are legal and return at once with an empty status: no report.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// CHECK-DAG: rank 0: empty status source MPI_ANY_SOURCE 1, flag 1
// CHECK-DAG: rank 1 received 42 42
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {4, 2};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Status st;
    int flag = 0;
    MPI_Send_init(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, &st); // never started: returns at once
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    MPI_Waitall(1, &req, MPI_STATUSES_IGNORE);
    printf("rank 0: empty status source MPI_ANY_SOURCE %d, flag %d\n",
           st.MPI_SOURCE == MPI_ANY_SOURCE, flag);
    for (int i = 0; i < 2; i++) {
      MPI_Start(&req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
      MPI_Wait(&req, MPI_STATUS_IGNORE); // completed already: inactive
    }
    MPI_Request_free(&req);
  } else {
    int in[2][2];
    for (int i = 0; i < 2; i++)
      MPI_Recv(in[i], 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d%d %d%d\n", in[0][0], in[0][1], in[1][0],
           in[1][1]);
  }
  MPI_Finalize();
  return 0;
}
