// C++: growing a std::vector whose storage is the buffer of a pending
// MPI_Irecv. push_back past the capacity moves the elements to new storage
// (reading the receive buffer) and frees the old one while MPI still owns
// it. Both are reported, with the standard library's frames demangled.
// Growing it after MPI_Wait is fine (the correct twin).
// RUN: %mpicxx -fsanitize=mpisync -O1 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicxx -fsanitize=mpisync -O1 -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    std::vector<long> samples(4);
    MPI_Request req;
    MPI_Irecv(samples.data(), 4, MPI_LONG, 0, 0, MPI_COMM_WORLD, &req);
#ifndef FIXED
    samples.push_back(99); // BUG: reallocates the pending buffer
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 32
    // CHECK: in std::vector<long, std::allocator<long>>::{{.*}}
    // CHECK: in main {{.*}}vector_realloc_pending.cpp:[[@LINE-4]]
    // CHECK: of a pending MPI_Irecv (4 x MPI_LONG, element 0), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}vector_realloc_pending.cpp:[[@LINE-8]]
    // CHECK: ERROR: MPISync: pending-buffer-freed on rank 1
    // CHECK: in main {{.*}}vector_realloc_pending.cpp:[[@LINE-8]]
    // CHECK: MPI_Irecv
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}vector_realloc_pending.cpp:[[@LINE-12]]
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#ifdef FIXED
    samples.push_back(99);
#endif
    long sum = 0;
    for (long v : samples)
      sum += v;
    std::printf("size %zu sum %ld\n", samples.size(), sum);
    // OK: size 5 sum 105
  } else {
    long out[4] = {0, 1, 2, 3};
    MPI_Send(out, 4, MPI_LONG, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
