// DESIGN 1 (manifest vs latent): a small send of a non-contiguous type is
// packed by MPICH inside MPI_Isend, so a later write cannot change the
// message (rank 1 receives the old value): the conflict is latent.
// Bug: the report says "manifest: the library had not yet moved the data".
// MPISync learns that the library consumed a send buffer only from memcpy
// calls it intercepts (ObserveLibraryCopy); MPICH's datatype engine (yaksa)
// packs vectors with its own loops, so send_data_consumed stays false.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DATA < %t.out
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Datatype vec;
    MPI_Type_vector(4, 1, 2, MPI_INT, &vec); // buf[0, 2, 4, 6]
    MPI_Type_commit(&vec);
    for (int i = 0; i < 8; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 1, vec, 1, 0, MPI_COMM_WORLD, &req);
    buf[4] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (latent
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_noncontig_send.c:[[@LINE-3]]
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&vec);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d\n", buf[2]);
    // DATA: rank 1 received 4
  }
  MPI_Finalize();
  return 0;
}
