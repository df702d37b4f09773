// MPI 4.1 3.7.5: MPI_Testsome completes exactly the requests whose indices
// it returns; a request it did not return stays pending. Rank 0 sends tag 1
// only after rank 1 asks for it. Twin (-DFIXED): touch b only after its
// index came back.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, go = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    int a[2], b[2], c[2], done[3] = {0}, ndone = 0, outcount, indices[3];
    MPI_Request reqs[3];
    MPI_Irecv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irecv(c, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[2]);
    while (!done[0] || !done[2]) { // tags 0 and 2 are on their way
      MPI_Testsome(3, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
      for (int i = 0; i < outcount; i++, ndone++)
        done[indices[i]] = 1;
    }
    a[0] += c[0]; // both completed
#ifndef FIXED
    c[1] = b[1];
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}testsome_other_pending.c:[[@LINE-3]]
    // CHECK: is 4 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (2 x MPI_INT, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}testsome_other_pending.c:[[@LINE-14]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}testsome_other_pending.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}testsome_other_pending.c:[[@LINE-15]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Send(&go, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    do // only b is left
      MPI_Testsome(3, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    while (outcount == 0);
    printf("rank 1: %d then %d (index %d): %d %d\n", ndone, outcount,
           indices[0], a[0], b[1]);
    // OK: rank 1: 2 then 1 (index 1): 8 4
  } else {
    int x[2] = {1, 2}, y[2] = {3, 4}, z[2] = {7, 8};
    MPI_Send(x, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(z, 2, MPI_INT, 1, 2, MPI_COMM_WORLD);
    MPI_Recv(&go, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(y, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
