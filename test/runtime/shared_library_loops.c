// Instrumented loops in a shared library call the runtime's preserve_all
// entries through the library's GOT, bound at load time, never through a
// lazily bound PLT entry: the dynamic linker's resolver, run at a PLT
// entry's first call, keeps only the argument registers, and the loop kept
// its bound in another one (libsc's loops in p4est ran past their arrays,
// and p4est computed wrong results, unless LD_BIND_NOW was set).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mpicc -fsanitize=mpisync -O2 -g -fPIC -shared \
// RUN:   %S/Inputs/shared_lib_gather.c -o %t/libgather.so
// The check entries (__mpisync_load8_pa, ...; without the _pa where the
// end-to-end suite turns preserve_all off) have GOT slots (GLOB_DAT), no
// PLT slots (JUMP_SLOT); __mpisync_init, called by the library's
// constructor in the C convention, may have one.
// RUN: llvm-readelf -r %t/libgather.so > %t/relocs
// RUN: FileCheck %s --check-prefix=GOT < %t/relocs
// GOT: R_X86_64_GLOB_DAT {{.*}} __mpisync_{{load|store}}
// RUN: not grep -E "JUMP_SLOT .* __mpisync_(load|store)" %t/relocs
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -L%t -lgather -Wl,-rpath,%t -o %t/app
// RUN: env -u LD_BIND_NOW %mpiexec -n 2 %t/app 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=MPISync
// CHECK-DAG: rank 0: 2009 x 10 gathers, sum 481490
// CHECK-DAG: rank 1: 2009 x 10 gathers, sum 481490
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

double gather_sum(double *x, const int *idx, int n, int ghosts, int peer);

int main(int argc, char **argv) {
  enum { kN = 2009, kGhosts = 3, kRounds = 10 };
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *x = malloc(sizeof(double) * (kN + kGhosts));
  int *idx = malloc(sizeof(int) * kN);
  for (int i = 0; i < kN; i++) {
    x[i] = i % 13;
    idx[i] = (int)((i * 7919L) % kN);
  }
  double sum = 0;
  for (int r = 0; r < kRounds; r++)
    sum += gather_sum(x, idx, kN, kGhosts, 1 - rank);
  printf("rank %d: %d x %d gathers, sum %.0f\n", rank, kN, kRounds, sum);
  free(x);
  free(idx);
  MPI_Finalize();
  return 0;
}
