// Blocking neighbourhood collectives are refused under cloning with the
// clear error (a clone's topology communicator is no MPI object, so the
// call would fail inside MPI). Without clones the same program runs.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: rank 0: neighbours sent 1 1
// RUN: env MPISYNC_OPTIONS=clones=1 not %mpiexec -n 4 %t 2>&1 | FileCheck %s
// CHECK: ERROR: MPISync: clones: MPI_Neighbor_alltoall on rank {{[01]}}{{( \(clone 1\))?}}: this call is not mirrored to clones
// CHECK-NOT: neighbours sent
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size, rank, periodic = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &ring);
  MPI_Comm_rank(ring, &rank);
  int out[2] = {rank, rank}, in[2] = {-1, -1};
  MPI_Neighbor_alltoall(out, 1, MPI_INT, in, 1, MPI_INT, ring);
  if (rank == 0)
    printf("rank 0: neighbours sent %d %d\n", in[0], in[1]);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
