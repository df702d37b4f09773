// Options: a process that reported exits with `exitcode` (66 by default,
// any of 1..255; 0 keeps the program's own status), report_missing_completion=0 hides requests still
// pending at MPI_Finalize, strip_path_prefix shortens the file names.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=exitcode=3 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=exitcode=0 %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=report_missing_completion=0 %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=HIDDEN --implicit-check-not=MPISync
// RUN: env MPISYNC_OPTIONS=strip_path_prefix=\"%S/\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=STRIP
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  if (rank == 1)
    MPI_Irecv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // never sent
  printf("rank %d done\n", rank);
  // HIDDEN-DAG: rank 0 done
  // HIDDEN-DAG: rank 1 done
  MPI_Finalize();
  // CHECK: ERROR: MPISync: missing-completion on rank 1
  // CHECK: SUMMARY: MPISync: missing-completion {{.*}}opt_exitcode_missing.c:[[@LINE-6]]
  // STRIP: SUMMARY: MPISync: missing-completion opt_exitcode_missing.c:[[@LINE-7]]:{{[0-9]+}} in main; MPI_Irecv at opt_exitcode_missing.c:[[@LINE-7]]
  return 0;
}
