// C++: a std::array is the receive buffer of a pending MPI_Irecv, and a
// function template reads it through std::accumulate before MPI_Wait. The
// access frame is the standard library's template, demangled, above the
// program's own template instance, which the SUMMARY line names (user code).
// RUN: %mpicxx -fsanitize=mpisync -O1 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicxx -fsanitize=mpisync -O1 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>

#include <array>
#include <cstdio>
#include <numeric>

namespace stats {
template <typename Container> double total(const Container &c) {
  return std::accumulate(c.begin(), c.end(), 0.0);
}
} // namespace stats

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::array<double, 16> buf{};
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf.data(), (int)buf.size(), MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    double early = 0;
#ifndef FIXED
    early = stats::total(buf);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size {{8|128}} at
    // CHECK-NEXT: #0 {{.*}} in double std::accumulate<double const*, double>(double const*, double const*, double) {{.*}}stl_numeric.h
    // CHECK-NEXT: #1 {{.*}} in double stats::total<std::array<double, 16ul>>(std::array<double, 16ul> const&) {{.*}}std_array_recv.cpp:17
    // CHECK-NEXT: #2 {{.*}} in main {{.*}}std_array_recv.cpp:[[@LINE-5]]
    // CHECK: of a pending MPI_Irecv (16 x MPI_DOUBLE, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}std_array_recv.cpp:[[@LINE-10]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}std_array_recv.cpp:17:{{[0-9]+}} in double stats::total<std::array<double, 16ul>>(std::array<double, 16ul> const&); MPI_Irecv at {{.*}}std_array_recv.cpp:[[@LINE-11]]:{{[0-9]+}} in main
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    std::printf("total %.1f early %.1f\n", stats::total(buf), early);
    // OK: total 120.0 early 0.0
  } else {
    std::array<double, 16> out;
    std::iota(out.begin(), out.end(), 0.0);
    MPI_Send(out.data(), (int)out.size(), MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
