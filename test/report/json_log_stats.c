// stats=1 with log_format=json: the statistics are lines for people, so they
// go to stderr; the JSON log holds only JSON objects (every line parses, and
// mpisync-report reads it). Before, the statistics were written into the
// JSON log as plain text.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env MPISYNC_OPTIONS=log_format=json:log_path=\"%t.d/json\":stats=1 not %mpiexec -n 2 %t 2> %t.stderr
// RUN: FileCheck %s --check-prefix=STDERR < %t.stderr
// RUN: %python %S/Inputs/all_json_lines.py %t.d/json.* | FileCheck %s --check-prefix=LOG
// RUN: mpisync-report %t.d/json.* | FileCheck %s --check-prefix=MERGED
// The text log keeps its statistics.
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.d/text\":stats=1 not %mpiexec -n 2 %t
// RUN: cat %t.d/text.0.* | FileCheck %s --check-prefix=TEXT
// STDERR-DAG: MPISync statistics for rank 0:
// STDERR-DAG: MPISync statistics for rank 1:
// LOG: 1 JSON objects, 0 other lines
// MERGED: ERROR: MPISync: send-buffer-write on rank 0
// TEXT: SUMMARY: MPISync: send-buffer-write
// TEXT: MPISync statistics for rank 0:
// TEXT-NEXT: checks reaching the runtime
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, a[8] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Isend(a, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    a[3] = 1;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(a, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
