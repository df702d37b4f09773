// Cloning mirrors communicator management and the clock: MPI_Comm_dup,
// split, split_type, compare and free (a clone holds its parent's handle and
// answers rank and size locally), MPI_Comm_group (a clone's group has the
// same members), MPI_Comm_create and create_group, set_name and get_name,
// communication on the new communicators,
// MPI_Comm_get_attr on MPI_COMM_WORLD, and MPI_Wtime (a clone gets its
// parent's value, so the program's timing decisions agree).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=clones=2 %mpiexec -n 6 %t > %t.k2
// RUN: sh %S/Inputs/same_as_parent.sh 2 %t.plain %t.k2 | FileCheck %s
// CHECK: same: {{[0-9]+}} lines
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("rank %d of %d\n", rank, size);

  MPI_Comm dup, split, shared, byparity;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int r, s, cmp;
  MPI_Comm_rank(dup, &r);
  MPI_Comm_size(dup, &s);
  MPI_Comm_compare(dup, MPI_COMM_WORLD, &cmp);
  printf("rank %d dup: rank %d size %d congruent %d\n", rank, r, s,
         cmp == MPI_CONGRUENT);
  // Reversed order: the new rank differs from the world rank.
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &split);
  MPI_Comm_rank(split, &r);
  int sum = 0, mine = 10 * rank + r;
  MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, split);
  printf("rank %d split: rank %d sum %d\n", rank, r, sum);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, 0, &byparity);
  MPI_Comm_size(byparity, &s);
  printf("rank %d by parity: size %d\n", rank, s);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &shared);
  MPI_Comm_size(shared, &s);
  printf("rank %d shared: size %d\n", rank, s);
  int got = -1;
  if (r == 0)
    MPI_Send(&mine, 1, MPI_INT, 1, 0, split);
  else
    MPI_Recv(&got, 1, MPI_INT, 0, 0, split, MPI_STATUS_IGNORE);
  printf("rank %d got %d on split\n", rank, got);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&split);
  MPI_Comm_free(&byparity);
  MPI_Comm_free(&shared);
  printf("rank %d freed: %d\n", rank, split == MPI_COMM_NULL);

  // Groups and communicators made from them.
  MPI_Group world_group, first;
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  int gsize, zero = 0, translated = -1;
  MPI_Group_size(world_group, &gsize);
  MPI_Group_incl(world_group, 1, &zero, &first);
  MPI_Group_translate_ranks(first, 1, &zero, world_group, &translated);
  printf("rank %d world group size %d, first is %d\n", rank, gsize, translated);
  MPI_Comm created, by_group = MPI_COMM_NULL;
  MPI_Comm_create(MPI_COMM_WORLD, world_group, &created);
  MPI_Comm_rank(created, &r);
  sum = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, created);
  printf("rank %d created: rank %d sum %d\n", rank, r, sum);
  if (rank == 0)
    MPI_Comm_create_group(MPI_COMM_WORLD, first, 7, &by_group);
  if (by_group != MPI_COMM_NULL) {
    MPI_Comm_size(by_group, &s);
    printf("rank %d create_group: size %d\n", rank, s);
    MPI_Comm_free(&by_group);
  }
  char name[MPI_MAX_OBJECT_NAME];
  int len = 0;
  MPI_Comm_set_name(created, "created");
  MPI_Comm_get_name(created, name, &len);
  printf("rank %d name %s (%d)\n", rank, name, len);
  MPI_Comm_free(&created);
  MPI_Group_free(&first);
  MPI_Group_free(&world_group);

  int *tag_ub, flag;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
  printf("rank %d tag_ub found %d positive %d\n", rank, flag, flag && *tag_ub > 0);

  // Timing-dependent control flow stays on the parent's path.
  double t0 = MPI_Wtime(), t1;
  int spins = 0;
  do {
    t1 = MPI_Wtime();
    spins++;
  } while (t1 - t0 < 0.01);
  printf("varies: rank %d times %.9f %.9f spins %d\n", rank, t0, t1, spins);
  MPI_Finalize();
  return 0;
}
