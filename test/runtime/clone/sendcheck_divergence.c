// SendCheck: a cloned rank that sends data its clone does not compute the
// same is reported as clone-divergence on the parent, with the call's
// file:line and where the bytes differ. Injected divergence: a value that
// differs in every process (the process id). Twin (-DFIXED): the same
// program sending only what it received and computed: no report, with one
// clone and with two.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=RANK1 < %t.out
// RUN: env MPISYNC_OPTIONS=clones=1:log_format=json not %mpiexec -n 4 %t 2>&1 | FileCheck %s --check-prefix=JSON
// JSON-DAG: {"mpisync":1,"kind":"clone-divergence","rank":0,{{.*}}"mpi_call":"MPI_Send"
// JSON-DAG: {"mpisync":1,"kind":"clone-divergence","rank":1,{{.*}}"mpi_call":"MPI_Allreduce"
// RUN: env MPISYNC_OPTIONS=clones=1:clone_sendcheck=0 %mpiexec -n 4 %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: env MPISYNC_OPTIONS=clones=2 %mpiexec -n 6 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// OFF-NOT: clone-divergence
// OK-COUNT-4: rank {{[01]}} done
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int rank, msg[4] = {1, 2, 3, 4}, in[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef FIXED
  msg[2] = (int)getpid();
#endif
  if (rank == 0) {
    MPI_Send(msg, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    // CHECK: ERROR: MPISync: clone-divergence on rank 0
    // CHECK-NEXT: The data sent by MPI_Send differs between rank 0 and its clone 1 (of 1): {{[1-4]}} of 16 bytes differ, the first at byte {{8|9|10|11}} of the message
    // CHECK-NEXT: The rank computed differently from its clone
    // CHECK-NEXT: MPI_Send was called here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}sendcheck_divergence.c:[[@LINE-5]]
    // CHECK: SUMMARY: MPISync: clone-divergence {{.*}}sendcheck_divergence.c:[[@LINE-6]]{{.*}}; MPI_Send at {{.*}}sendcheck_divergence.c:[[@LINE-6]]
  } else {
    MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  // Collectives are checked too: rank 1's contribution differs from its
  // clone's.
  int sum = 0, mine = rank == 1 ? msg[2] : 1;
  MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  // RANK1: ERROR: MPISync: clone-divergence on rank 1
  // RANK1: SUMMARY: MPISync: clone-divergence {{.*}}sendcheck_divergence.c:[[@LINE-2]]{{.*}}; MPI_Allreduce
  printf("rank %d done\n", rank);
  MPI_Finalize();
  return 0;
}
