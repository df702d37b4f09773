// MPI 4.1 5.1.2: a contiguous type of vectors repeats the vector at its
// extent (from its first block to the end of its last one); the gaps inside
// every vector stay the program's. Element numbers count the outer type.
// Twin (-DFIXED): only gap writes while pending.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[16];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    // vector: ints 0 and 3 (extent 4 ints); pair: two vectors, ints 0, 3,
    // 4, 7 (extent 8 ints); 2 pairs: element 1 is buf[8, 11, 12, 15].
    MPI_Datatype vec, pair;
    MPI_Type_vector(2, 1, 3, MPI_INT, &vec);
    MPI_Type_contiguous(2, vec, &pair);
    MPI_Type_set_name(pair, "pair_of_vectors");
    MPI_Type_commit(&pair);
    for (int i = 0; i < 16; i++)
      buf[i] = i;
    MPI_Request req;
    MPI_Isend(buf, 2, pair, 1, 0, MPI_COMM_WORLD, &req);
    buf[1] = buf[2] = buf[5] = buf[6] = buf[9] = buf[10] = buf[13] = -1;
#ifndef FIXED
    buf[12] = -1;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_contig_vectors.c:[[@LINE-3]]
    // CHECK: is 48 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (2 x pair_of_vectors, element 1), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dtype_contig_vectors.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}dtype_contig_vectors.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Isend at {{.*}}dtype_contig_vectors.c:[[@LINE-9]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&pair);
    MPI_Type_free(&vec);
  } else {
    int got[8];
    MPI_Recv(got, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 1 received %d %d %d %d %d %d %d %d\n", got[0], got[1], got[2],
           got[3], got[4], got[5], got[6], got[7]);
    // OK: rank 1 received 0 3 4 7 8 11 12 15
  }
  MPI_Finalize();
  return 0;
}
