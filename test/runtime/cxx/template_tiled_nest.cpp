// C++: a tiled block kernel written once as a template and instantiated with
// int, long and unsigned row and column indices (as a finite-element
// mini-app's assembly loops are), over std::vector storage. The inner loop
// reads a tile row of the matrix (rows with gaps between them) and the
// weights (the same range in every row): the pass's nest lifting crashed
// clang on such nests. Rank 0 runs every instantiation while a receive is
// pending into one matrix element: each reports the read at the kernel's
// line with the MPI_Irecv's. Twin (-DFIXED): the receive goes into the
// padding after the matrix, which no kernel reads.
// RUN: %mpicxx -fsanitize=mpisync -O2 -g %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicxx -fsanitize=mpisync -O2 -g -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicxx -fsanitize=mpisync -O0 -g %s -o %t.O0
// RUN: not %mpiexec -n 2 %t.O0 2>&1 | FileCheck %s
// RUN: %mpicxx -fsanitize=mpisync -O3 -g %s -o %t.O3
// RUN: not %mpiexec -n 2 %t.O3 2>&1 | FileCheck %s
#include <mpi.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kN = 48, kTile = 8, kPad = 4;

template <typename Row, typename Col>
__attribute__((noinline)) double blockSum(const double *m, const double *w,
                                          Row n, Col tiles) {
  double s = 0;
  for (Row it = 0; it < (Row)tiles; it++)
    for (Col jt = 0; jt < tiles; jt++)
      for (Row i = it * kTile; i < (it + 1) * kTile; i++)
        for (Col j = jt * kTile; j < (jt + 1) * kTile; j++)
          s += m[i * n + j] * w[j]; // KERNEL
  return s;
}

} // namespace

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    std::vector<double> m(kN * kN + kPad, 1.0), w(kN, 0.5);
    MPI_Request req;
#ifdef FIXED
    MPI_Irecv(&m[kN * kN + 2], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
#else
    MPI_Irecv(&m[13 * kN + 29], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // IRECV
#endif
    double s = blockSum<int, long>(m.data(), w.data(), kN, kN / kTile) +
               blockSum<long, int>(m.data(), w.data(), kN, kN / kTile) +
               blockSum<unsigned, long>(m.data(), w.data(), kN, kN / kTile);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    std::printf("sum %.1f\n", s);
  } else {
    double value = 3.0;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&value, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
// OK: sum {{[0-9.]+}}
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in {{.*}}blockSum<int, long>{{.*}}template_tiled_nest.cpp:35
// CHECK: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0), started here:
// CHECK-NEXT: #0 {{.*}} in main {{.*}}template_tiled_nest.cpp:51
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in {{.*}}blockSum<long, int>{{.*}}template_tiled_nest.cpp:35
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK-NEXT: READ of size {{[0-9]+}} at {{.*}} by rank 0
// CHECK-NEXT: #0 {{.*}} in {{.*}}blockSum<unsigned int, long>{{.*}}template_tiled_nest.cpp:35
