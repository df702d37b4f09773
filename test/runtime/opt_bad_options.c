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
// Values out of an option's range (an exit code of 256 would make a failing
// run exit 0), overflowing integers and overlong names or values are
// refused the same way.
// RUN: env MPISYNC_OPTIONS=exitcode=256 not %t 2>&1 | FileCheck %s --check-prefix=RANGE256 --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=exitcode=-1 not %t 2>&1 | FileCheck %s --check-prefix=RANGE0 --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=max_stack_depth=100000 not %t 2>&1 | FileCheck %s --check-prefix=DEPTH --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=exitcode=99999999999999999999999 not %t 2>&1 | FileCheck %s --check-prefix=OVERFLOW --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=log_path=%long_option_text not %t 2>&1 | FileCheck %s --check-prefix=LONGVALUE --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=%long_option_text=1 not %t 2>&1 | FileCheck %s --check-prefix=LONGNAME --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=halt_on_eror=1 not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=help=1 %t 2>&1 | FileCheck %s --check-prefix=HELP --implicit-check-not=hello
// UNKNOWN: ERROR: MPISync: unknown option 'halt_on_eror'
// BADBOOL: ERROR: MPISync: invalid value 'maybe' for option 'halt_on_error'
// BADINT: ERROR: MPISync: invalid value 'seven' for option 'exitcode'
// RANGE256: ERROR: MPISync: value '256' for option 'exitcode' is out of range (expected 0..255) in MPISYNC_OPTIONS
// RANGE0: ERROR: MPISync: value '-1' for option 'exitcode' is out of range (expected 0..255)
// DEPTH: ERROR: MPISync: value '100000' for option 'max_stack_depth' is out of range (expected 1..255)
// OVERFLOW: ERROR: MPISync: value '99999999999999999999999' for option 'exitcode' is out of range
// LONGVALUE: ERROR: MPISync: the value of 'log_path' is too long (at most 4095 characters)
// LONGNAME: ERROR: MPISync: option name 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is too long
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
