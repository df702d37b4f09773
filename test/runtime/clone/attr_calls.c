// MPI-1's attribute calls under cloning: MPI_Attr_get of a predefined
// attribute of MPI_COMM_WORLD (how older codes ask MPI_TAG_UB) is answered
// on every process as MPI_Comm_get_attr is, and the calls that would reach
// MPI with a communicator a clone does not hold (MPI_Attr_put and
// MPI_Attr_delete; MPI_Comm_idup_with_info with MPI 4) are refused with a
// clear error instead of failing inside MPI or waiting forever. Without
// clones the same program runs.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain
// CHECK: same: {{[0-9]+}} lines
// PLAIN: rank 0: tag bound at least 32767
// RUN: %mpicc -fsanitize=mpisync -g -DPUT %s -o %t.put
// RUN: %mpiexec -n 2 %t.put | FileCheck %s --check-prefix=PUT-PLAIN
// PUT-PLAIN: rank 0: attribute 42
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t.put 2>&1 | FileCheck %s --check-prefix=PUT
// PUT: ERROR: MPISync: clones: MPI_Attr_put on rank {{[01]}}{{( \(clone 1\))?}}: this call is not mirrored to clones
// PUT-NOT: attribute 42
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, flag = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *bound = NULL;
  MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &bound, &flag);
  if (rank == 0 && flag && *bound >= 32767)
    printf("rank 0: tag bound at least 32767\n");
#ifdef PUT
  MPI_Comm dup;
  int key, *value;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &key, NULL);
  static int answer = 42;
  MPI_Attr_put(dup, key, &answer);
  MPI_Attr_get(dup, key, &value, &flag);
  if (rank == 0 && flag)
    printf("rank 0: attribute %d\n", *value);
  MPI_Attr_delete(dup, key);
  MPI_Keyval_free(&key);
  MPI_Comm_free(&dup);
#endif
  MPI_Finalize();
  return 0;
}
