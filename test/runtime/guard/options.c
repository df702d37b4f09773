// The scaling guard's options: a bad scaling_strategy, a bounds file that
// cannot be read, has a bad line or names a collective G and X do not guard
// stop every rank at start-up with one line naming the problem (status 1); the program never runs. help=1 lists
// the options.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=fast not %t > %t.strategy 2>&1
// RUN: FileCheck %s --check-prefix=STRATEGY --implicit-check-not=hello < %t.strategy
// RUN: count 1 < %t.strategy
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%t.missing\" not %t 2>&1 | FileCheck %s --check-prefix=MISSING --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/bad.bounds\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=BADLINE --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/unguarded.bounds\" not %t 2>&1 | FileCheck %s --check-prefix=UNGUARDED --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=scaling_guard=maybe not %t 2>&1 | FileCheck %s --check-prefix=BADBOOL --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=help=1 %t 2>&1 | FileCheck %s --check-prefix=HELP
// The guard off: the strategy is not even read.
// RUN: env MPISYNC_OPTIONS=scaling_strategy=fast %t 2>&1 | FileCheck %s --check-prefix=OFF
// STRATEGY: ERROR: MPISync: invalid value 'fast' for option 'scaling_strategy' (expected auto, split, rounds, bigtype, large_count or none) in MPISYNC_OPTIONS
// MISSING: ERROR: MPISync: cannot read the scaling bounds file '{{.*}}.missing' (errno 2) in MPISYNC_OPTIONS
// BADLINE: ERROR: MPISync: {{.*}}bad.bounds:2: expected class G or X, not 'Q' in the scaling bounds file
// UNGUARDED: ERROR: MPISync: {{.*}}unguarded.bounds:1: detectors G and X do not guard (see the list of collectives) 'MPI_Gatherv' in the scaling bounds file
// BADBOOL: ERROR: MPISync: invalid value 'maybe' for option 'scaling_guard'
// HELP-DAG: scaling_guard
// HELP-DAG: scaling_bounds
// HELP-DAG: scaling_strategy
// OFF: hello
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  printf("hello\n");
  MPI_Finalize();
  return 0;
}
