// -fsanitize=mpisync,undefined: MPISync's renamed sanitizer_common links
// beside clang's UBSan runtime; both work and a correct program runs cleanly.
// REQUIRES: ubsan-runtime
// Fails to link until the runtime renames the three extern "C" globals of
// sanitizer_unwind_linux_libcdep.cpp (acquire_my_map_info_list, ...).
// RUN: %mpicc -fsanitize=mpisync,undefined %s -o %t
// RUN: llvm-nm %t | FileCheck %s --check-prefix=NM
// NM-DAG: T __mpisync_init
// NM-DAG: T __ubsan_handle_add_overflow
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync --implicit-check-not=runtime
// CHECK: rank 1 received 42
// With an argument the program overflows an int: UBSan reports it.
// RUN: %mpiexec -n 1 %t overflow 2>&1 | FileCheck %s --check-prefix=UB
#include <limits.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 2 && rank == 0) {
    MPI_Request req;
    buf[1] = 41;
    MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else if (size == 2) {
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", buf[1] + 1);
  } else if (argc > 1) {
    volatile int big = INT_MAX;
    // UB: ubsan_combo.c:[[@LINE+1]]:{{[0-9]+}}: runtime error: signed integer overflow
    printf("%d\n", big + 1);
  }
  MPI_Finalize();
  return 0;
}
