// MPI_ERRORS_RETURN set on MPI_COMM_WORLD covers the calls that have no
// communicator (MPI raises their errors on its MPI_COMM_WORLD) under cloning
// as without it: the program's world is then a part of MPI's, so the
// handler goes to MPI's world too, on parents and on clones (which run
// MPI_Alloc_mem and the info calls themselves): a call MPI refuses (the
// fifth key of an info object that has one) returns an error instead of
// stopping the job (MPICH's rma/allocmem asked for memory MPICH cannot
// give).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain 2>&1
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1 2>&1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CLEAN < %t.k1
// CHECK: same: {{[0-9]+}} lines
// CLEAN-NOT: MPISync
// CLEAN: rank 0: nthkey(4) returned an error; alloc ok
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Info info;
  char key[MPI_MAX_INFO_KEY + 1];
  MPI_Info_create(&info);
  MPI_Info_set(info, "color", "blue");
  int rc = MPI_Info_get_nthkey(info, 4, key);
  void *memory = NULL;
  int ok = MPI_Alloc_mem(64, info, &memory) == MPI_SUCCESS;
  printf("rank %d: nthkey(4) %s; alloc %s\n", rank,
         rc != MPI_SUCCESS ? "returned an error" : "succeeded",
         ok ? "ok" : "failed");
  if (ok)
    MPI_Free_mem(memory);
  MPI_Info_free(&info);
  MPI_Finalize();
  return 0;
}
