// Options: a log_path whose directories are missing has them created, also
// when all ranks race to create the same ones (each run here creates a new
// nested directory with 4 ranks, five times); a prefix whose directory
// cannot be created (below a regular file), or that is too long, sends the
// reports to stderr with one warning per rank: no run loses its reports.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: rm -rf %t.race && touch %t.file
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.race/a/b1/log\" not %mpiexec -n 4 %t
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.race/a/b2/log\" not %mpiexec -n 4 %t
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.race/a/b3/log\" not %mpiexec -n 4 %t
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.race/a/b4/log\" not %mpiexec -n 4 %t
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.race/a/b5/log\" not %mpiexec -n 4 %t
// RUN: cat %t.race/a/b*/log.* | grep -c "ERROR: MPISync: recv-buffer-access" | FileCheck %s --check-prefix=TWENTY
// TWENTY: {{^20$}}
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.file/sub/log\" not %mpiexec -n 4 %t > %t.fallback 2>&1
// RUN: FileCheck %s --check-prefix=FALLBACK < %t.fallback
// RUN: grep -c "WARNING: MPISync: log_path" %t.fallback | FileCheck %s --check-prefix=FOUR
// RUN: grep -c "ERROR: MPISync: recv-buffer-access" %t.fallback | FileCheck %s --check-prefix=FOUR
// FALLBACK: WARNING: MPISync: log_path: cannot create the directory '{{.*}}.file'; reports go to stderr
// FOUR: {{^4$}}
// RUN: env MPISYNC_OPTIONS=log_path=/tmp/%long_path_text not %t 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: WARNING: MPISync: log_path: the path is too long
// LONG: ERROR: MPISync: recv-buffer-access on rank 0
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, buf[2] = {0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  // Pairs (0,1), (2,3), ...; a lone last rank talks to itself.
  int peer = (rank ^ 1) < size ? rank ^ 1 : rank;
  MPI_Request req;
  MPI_Irecv(buf, 2, MPI_INT, peer, 0, MPI_COMM_WORLD, &req);
  buf[0] = 1; // the receive is still pending
  MPI_Send(&rank, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
