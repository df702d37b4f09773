// %mpicxx -fsanitize=mpisync builds a C++ MPI program through
// mpisync-clang++: instrumented, runtime linked, it runs cleanly.
// RUN: %mpicxx -show -c a.cpp | FileCheck %s --check-prefix=SHOW
// SHOW: {{^}}{{(.*/)?}}mpisync-clang++ -c a.cpp
// RUN: %mpicxx -fsanitize=mpisync %s -o %t
// RUN: llvm-nm %t | FileCheck %s --check-prefix=NM
// NM-DAG: T MPI_Isend
// NM-DAG: T __mpisync_init
// NM-DAG: U _ZdlPv
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// CHECK: rank 1 received 45
#include <mpi.h>

#include <cstdio>
#include <numeric>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<int> buf(10);
  if (rank == 0) {
    std::iota(buf.begin(), buf.end(), 0);
    MPI_Request req;
    MPI_Isend(buf.data(), 10, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(buf.data(), 10, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::printf("rank 1 received %d\n", std::accumulate(buf.begin(), buf.end(), 0));
  }
  MPI_Finalize();
  return 0;
}
