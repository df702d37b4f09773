// DESIGN 1 (manifest vs latent) when the library copies a message in
// pieces: Open MPI's ob1 copies the first fragment of a message above its
// eager limit inside MPI_Isend and the rest in later MPI calls, so a write
// to the tail right after MPI_Isend changes what is sent (the receiver gets
// the new value): manifest, although the library was seen copying a part.
// With MPICH the message goes by rendezvous and is not copied at all:
// manifest too. The head written after the Wait is no error. Rank 1 posts
// its receive only after the barrier, which rank 0 enters after the write:
// without it, a rendezvous that rank 0's progress inside MPISync's hooks
// let complete before the write (once in about twenty runs) delivered the
// old tail.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DATA < %t.out
#include <mpi.h>
#include <stdio.h>

#define N 16384 // doubles: 128 KiB, far above either MPI's eager limit

static double buf[N];

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    for (int i = 0; i < N; i++)
      buf[i] = i;
    MPI_Isend(buf, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
    buf[N - 1] = -1.0;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 8 at {{.*}} by rank 0 (manifest: the library had not yet moved the data)
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}latent_partial_copy.c:[[@LINE-3]]
    // CHECK: is 131064 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (16384 x MPI_DOUBLE, element 16383), started here:
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[0] = -2.0;
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Recv(buf, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // DATA: rank 1 got head 0 tail -1
    printf("rank 1 got head %g tail %g\n", buf[0], buf[N - 1]);
  }
  MPI_Finalize();
  return 0;
}
// Open MPI copies a message above its eager limit in pieces, the first
// inside the start call: a send counts as consumed only once all of its
// bytes were copied (CountMovedBytes), so the verdict is the same on both
// MPI families.
