// C++: a class template owns its halo buffers (std::vector) and requests;
// a member function writes the send buffer while the exchange started by
// another member function is pending. The report names both frames with
// their demangled C++ names. At -O2 the MPI calls are invokes (code that may
// throw): the access after them is checked all the same.
// RUN: %mpicxx -fsanitize=mpisync -O0 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicxx -fsanitize=mpisync -O2 %s -o %t.O2
// RUN: not %mpiexec -n 2 %t.O2 2>&1 | FileCheck %s
// RUN: %mpicxx -fsanitize=mpisync -O2 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>

#include <cstdio>
#include <numeric>
#include <vector>

namespace grid {

template <typename T> struct MpiType;
template <> struct MpiType<int> {
  static MPI_Datatype get() { return MPI_INT; }
};

template <typename T> class Halo {
public:
  explicit Halo(int n) : out_(n), in_(n) {}

  void start(int peer) {
    MPI_Irecv(in_.data(), (int)in_.size(), MpiType<T>::get(), peer, 0, MPI_COMM_WORLD, &reqs_[0]);
    MPI_Isend(out_.data(), (int)out_.size(), MpiType<T>::get(), peer, 0, MPI_COMM_WORLD, &reqs_[1]);
  }

  void fill(T v) {
    for (T &x : out_)
      x = v;
  }

  void finish() { MPI_Waitall(2, reqs_, MPI_STATUSES_IGNORE); }

  T received() const { return std::accumulate(in_.begin(), in_.end(), T()); }

private:
  std::vector<T> out_, in_;
  MPI_Request reqs_[2];
};

} // namespace grid

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  grid::Halo<int> halo(64);
  halo.fill(rank + 1);
  halo.start(1 - rank);
#ifndef FIXED
  halo.fill(-1); // BUG: the send of start() is pending
  // CHECK: ERROR: MPISync: send-buffer-write on rank
  // CHECK-NEXT: WRITE of size {{[0-9]+}}
  // CHECK-NEXT: #0 {{.*}} in grid::Halo<int>::fill(int) {{.*}}class_template_halo.cpp:36
  // CHECK-NEXT: #1 {{.*}} in main {{.*}}class_template_halo.cpp:[[@LINE-4]]
  // CHECK: of a pending MPI_Isend (64 x MPI_INT, element 0), started here:
  // CHECK-NEXT: #0 {{.*}} in grid::Halo<int>::start(int) {{.*}}class_template_halo.cpp:31
  // CHECK-NEXT: #1 {{.*}} in main {{.*}}class_template_halo.cpp:[[@LINE-9]]
  // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}class_template_halo.cpp:36:{{[0-9]+}} in grid::Halo<int>::fill(int); MPI_Isend at {{.*}}class_template_halo.cpp:31:{{[0-9]+}} in grid::Halo<int>::start(int)
#endif
  halo.finish();
  halo.fill(rank + 10); // complete: the program's again
  std::printf("rank %d received %d\n", rank, halo.received());
  // OK-DAG: rank 0 received 128
  // OK-DAG: rank 1 received 64
  MPI_Finalize();
  return 0;
}
