// Options: log_path=PREFIX sends each rank's reports to its own file,
// PREFIX.<rank>.<pid>, or, with %r in the prefix, to the prefix with %r
// replaced by the rank (plus .<pid>); nothing goes to stderr.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: rm -rf %t.d1 %t.d2 && mkdir -p %t.d1 %t.d2
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.d1/log\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=MPISync
// RUN: ls %t.d1 | FileCheck %s --check-prefix=FILES
// RUN: cat %t.d1/log.0.* | FileCheck %s --check-prefix=LOG0
// RUN: cat %t.d1/log.1.* | FileCheck %s --check-prefix=LOG1
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.d2/rank%%r.txt\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=MPISync
// RUN: ls %t.d2 | FileCheck %s --check-prefix=FILES2
// RUN: cat %t.d2/rank1.txt.* | FileCheck %s --check-prefix=LOG1
// FILES: log.0.{{[0-9]+$}}
// FILES-NEXT: log.1.{{[0-9]+$}}
// FILES2: rank0.txt.{{[0-9]+$}}
// FILES2-NEXT: rank1.txt.{{[0-9]+$}}
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[2] = {0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  MPI_Irecv(buf, 2, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &req);
  buf[rank] = 1;
  // LOG0: ERROR: MPISync: recv-buffer-access on rank 0
  // LOG0: SUMMARY: MPISync: recv-buffer-access {{.*}}opt_log_path.c:[[@LINE-2]]
  // LOG0-NOT: rank 1
  // LOG1: ERROR: MPISync: recv-buffer-access on rank 1
  // LOG1: SUMMARY: MPISync: recv-buffer-access {{.*}}opt_log_path.c:[[@LINE-5]]
  // LOG1-NOT: rank 0
  MPI_Send(&rank, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d done\n", rank);
  // QUIET: done
  MPI_Finalize();
  return 0;
}
