// Options: a misspelt key or an invalid value in MPISYNC_OPTIONS is a clear
// one-line error naming the key, and the program does not run (non-zero
// exit); help=1 lists the options and exits.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: env MPISYNC_OPTIONS=halt_on_eror=1 not %t > %t.unknown 2>&1
// RUN: FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=hello < %t.unknown
// RUN: count 1 < %t.unknown
// RUN: env MPISYNC_OPTIONS=halt_on_error=maybe not %t > %t.badbool 2>&1
// RUN: FileCheck %s --check-prefix=BADBOOL --implicit-check-not=hello < %t.badbool
// RUN: count 1 < %t.badbool
// RUN: env MPISYNC_OPTIONS=exitcode=seven not %t 2>&1 | FileCheck %s --check-prefix=BADINT --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=halt_on_eror=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=help=1 %t 2>&1 | FileCheck %s --check-prefix=HELP --implicit-check-not=hello
// UNKNOWN: ERROR: MPISync: unknown option 'halt_on_eror'
// BADBOOL: ERROR: MPISync: invalid value 'maybe' for option 'halt_on_error'
// BADINT: ERROR: MPISync: invalid value 'seven' for option 'exitcode'
// HELP: MPISync options
// HELP-DAG: halt_on_error
// HELP-DAG: exitcode
// HELP-DAG: log_path
// HELP-DAG: report_latent
// HELP-DAG: report_missing_completion
// HELP-DAG: suppressions
// HELP-DAG: help
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  printf("hello\n");
  MPI_Finalize();
  return 0;
}
