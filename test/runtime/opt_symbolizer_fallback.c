// Options: an external_symbolizer_path that does not exist, or is not a
// symbolizer sanitizer_common can drive (it would die at the first report,
// losing it), falls back to the llvm-symbolizer MPISync was built with, with
// one warning; the report is made, with its file:line.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=external_symbolizer_path=/nonexistent/llvm-symbolizer not %t > %t.missing 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,MISSING < %t.missing
// RUN: env MPISYNC_OPTIONS=external_symbolizer_path=/bin/false not %t > %t.unknown 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,UNKNOWN < %t.unknown
// RUN: grep WARNING %t.missing | count 1
// MISSING: WARNING: MPISync: external_symbolizer_path '/nonexistent/llvm-symbolizer' does not exist; using {{.*}}llvm-symbolizer
// UNKNOWN: WARNING: MPISync: external_symbolizer_path '/bin/false' is not llvm-symbolizer or addr2line; using {{.*}}llvm-symbolizer
// CHECK: ERROR: MPISync: send-buffer-write on rank 0
// CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}opt_symbolizer_fallback.c:30:{{.*}} MPI_Isend at {{.*}}opt_symbolizer_fallback.c:29
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int buf[4] = {1, 2, 3, 4};
  MPI_Request req;
  if (rank == 0) {
    // A message to itself: one process is enough.
    int in[4];
    MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_SELF, &req);
    MPI_Request sreq;
    MPI_Isend(buf, 4, MPI_INT, 0, 0, MPI_COMM_SELF, &sreq);
    buf[0] = 9; // the send is still pending
    MPI_Wait(&sreq, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
