// Correct programs run clean under the scaling guard (no report, exit 0,
// results unchanged), including the inputs detector D must not mistake for
// overflow: displacements that descend (blocks in reverse order), negative
// displacements from a receive buffer pointer in the middle of an array,
// garbage displacements of zero-count entries, MPI_IN_PLACE at the root,
// null count arrays on non-roots, zero counts, and an intercommunicator
// (passed through untouched, even past a bound). Collectives under their
// bound are checked by G and X and pass unchanged. stats=1 shows they were all checked.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_bounds=\"%S/Inputs/small.bounds\":stats=1 %mpiexec -n 3 %t 2>&1 | FileCheck %s --implicit-check-not=ERROR
// RUN: env MPISYNC_OPTIONS=scaling_guard=1:scaling_strategy=split %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=ERROR --check-prefix=OK
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=ERROR --check-prefix=OK
// CHECK-DAG: MPISync scaling guard, rank 0:
// CHECK-DAG: irregular collectives checked (D) 6
// CHECK-DAG: calls past a G bound 0
// CHECK-DAG: all results ok
// OK: all results ok
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { B = 4 };
static int rank, size, ok = 1;

static void expect(int cond, const char *what) {
  if (!cond) {
    fprintf(stderr, "rank %d: wrong result: %s\n", rank, what);
    ok = 0;
  }
}

static void fill(int *p, int who) {
  for (int j = 0; j < B; j++)
    p[j] = who * 10 + j;
}
static int same(const int *p, int who) {
  for (int j = 0; j < B; j++)
    if (p[j] != who * 10 + j)
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int mine[B], *all = calloc(B * size * 2, sizeof(int));
  int *counts = malloc(sizeof(int) * size), *displs = malloc(sizeof(int) * size);
  fill(mine, rank);

  // 1. Blocks in reverse rank order: descending, not overflowed.
  for (int i = 0; i < size; i++) {
    counts[i] = B;
    displs[i] = (size - 1 - i) * B;
  }
  MPI_Gatherv(mine, B, MPI_INT, all, rank == 0 ? counts : NULL,
              rank == 0 ? displs : NULL, MPI_INT, 0, MPI_COMM_WORLD);
  for (int i = 0; rank == 0 && i < size; i++)
    expect(same(all + (size - 1 - i) * B, i), "reversed gatherv");

  // 2. Negative displacements: the receive pointer is mid-array.
  int *mid = all + B * size;
  for (int i = 0; i < size; i++)
    displs[i] = (i - size) * B;
  MPI_Allgatherv(mine, B, MPI_INT, mid, counts, displs, MPI_INT, MPI_COMM_WORLD);
  for (int i = 0; i < size; i++)
    expect(same(mid + (i - size) * B, i), "negative allgatherv");

  // 3. Zero counts with garbage displacements, in place at the root.
  for (int i = 0; i < size; i++) {
    counts[i] = i % 2 == 0 ? B : 0;
    displs[i] = i % 2 == 0 ? i * B : INT_MIN + i;
  }
  memset(all, 0, sizeof(int) * B * size);
  if (rank == 0)
    fill(all, 0);
  MPI_Gatherv(rank == 0 ? MPI_IN_PLACE : mine, counts[rank], MPI_INT, all,
              counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  for (int i = 0; rank == 0 && i < size; i += 2)
    expect(same(all + i * B, i), "zero-count gatherv");

  // 4. Scatterv with null arrays on the non-roots, and zero counts.
  for (int i = 0; i < size; i++) {
    counts[i] = B;
    displs[i] = i * B;
    fill(all + i * B, i + 1);
  }
  int got[B] = {0};
  MPI_Scatterv(all, rank == 0 ? counts : NULL, rank == 0 ? displs : NULL, MPI_INT,
               got, B, MPI_INT, 0, MPI_COMM_WORLD);
  expect(same(got, rank + 1), "scatterv");
  for (int i = 0; i < size; i++)
    counts[i] = 0;
  MPI_Alltoallv(mine, counts, displs, MPI_INT, all, counts, displs, MPI_INT,
                MPI_COMM_WORLD);

  // 5. Alltoallv in place.
  for (int i = 0; i < size; i++) {
    counts[i] = B;
    displs[i] = i * B;
    fill(all + i * B, rank * size + i);
  }
  MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_INT, all, counts, displs, MPI_INT,
                MPI_COMM_WORLD);
  for (int i = 0; i < size; i++)
    expect(same(all + i * B, i * size + rank), "alltoallv in place");

  // 6. An intercommunicator between rank 0 and the others: untouched.
  if (size >= 2) {
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank == 0 ? 1 : 0, 7, &inter);
    int remote = 0;
    MPI_Comm_remote_size(inter, &remote);
    int rcounts[8], rdispls[8];
    for (int i = 0; i < remote && i < 8; i++) {
      rcounts[i] = B;
      rdispls[i] = i * B;
    }
    // Rank 0 (alone in its group) gathers from the other group.
    int root = rank == 0 ? MPI_ROOT : 0;
    MPI_Gatherv(mine, B, MPI_INT, all, rcounts, rdispls, MPI_INT,
                rank == 0 ? root : 0, inter);
    for (int i = 0; rank == 0 && i < remote; i++)
      expect(same(all + i * B, i + 1), "intercommunicator gatherv");
    // A bcast past the Bcast bound on an intracommunicator: not guarded here.
    int *big = malloc(sizeof(int) * 2000);
    for (int i = 0; i < 2000; i++)
      big[i] = rank == 0 ? i : -1;
    MPI_Bcast(big, 2000, MPI_INT, rank == 0 ? MPI_ROOT : 0, inter);
    for (int i = 0; rank != 0 && i < 2000; i++)
      if (big[i] != i) {
        expect(0, "intercommunicator bcast");
        break;
      }
    free(big);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
  }

  // 7. Under the bounds: Gather of B ints, Bcast of B ints.
  MPI_Gather(mine, B, MPI_INT, all, B, MPI_INT, 0, MPI_COMM_WORLD);
  for (int i = 0; rank == 0 && i < size; i++)
    expect(same(all + i * B, i), "gather");
  MPI_Bcast(mine, B, MPI_INT, 0, MPI_COMM_WORLD);
  expect(same(mine, 0), "bcast");

  int all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0)
    fprintf(stderr, "%s\n", all_ok ? "all results ok" : "SOME RESULTS WRONG");
  free(all);
  free(counts);
  free(displs);
  MPI_Finalize();
  return 0;
}
