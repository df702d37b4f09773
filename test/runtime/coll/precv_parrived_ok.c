// The correct use of MPI_Parrived (MPI 4.1 4.2.2): the receiver reads each
// partition as soon as MPI_Parrived reports it, before the request
// completes, and the sender fills each partition just before its
// MPI_Pready. No report; the data is right.
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// Untracked under sample_ops (almost surely, at one in a million): their
// MPI_Pready, MPI_Parrived, starts, completions and frees find the
// requests' stand-in; still no report and the same data.
// RUN: env MPISYNC_OPTIONS=sample_ops=1000000 %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

#define PARTS 4
#define PER 8

int main(int argc, char **argv) {
  int rank, buf[PARTS * PER];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request req;
  for (int round = 0; round < 2; round++) {
    if (rank == 0) {
      MPI_Psend_init(buf, PARTS, PER, MPI_INT, 1, round, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
      MPI_Start(&req);
      for (int p = PARTS - 1; p >= 0; p--) {
        for (int i = 0; i < PER; i++)
          buf[p * PER + i] = round * 1000 + p * PER + i;
        MPI_Pready(p, req);
      }
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Precv_init(buf, PARTS, PER, MPI_INT, 0, round, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
      MPI_Start(&req);
      long sum = 0;
      int done[PARTS] = {0}, left = PARTS;
      while (left > 0) {
        for (int p = 0; p < PARTS; p++) {
          if (done[p])
            continue;
          int flag = 0;
          MPI_Parrived(req, p, &flag);
          if (!flag)
            continue;
          for (int i = 0; i < PER; i++)
            sum += buf[p * PER + i];
          done[p] = 1;
          left--;
        }
      }
      MPI_Wait(&req, MPI_STATUS_IGNORE);
      printf("round %d sum %ld\n", round, sum);
      // CHECK: round 0 sum 496
      // CHECK: round 1 sum 32496
    }
    MPI_Request_free(&req);
  }
  MPI_Finalize();
  return 0;
}
