// Facts about values that matter to no MPI call, access or branch that does
// (Relevance.h) are dropped, so that the paths a verification loop splits
// (a count of wrong values, a running sum) merge again. What is reported
// stays: the loop's buffers and requests are still followed, and the read
// of the pending receive buffer after it is found.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>

long rounds_then_bug(int rounds, long expected) {
  long in[8], out[8], errors = 0, sum = 0;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int r = 0; r < rounds; r++) {
    MPI_Request req[2];
    for (int k = 0; k < 8; k++)
      out[k] = rank + r + k;
    MPI_Irecv(in, 8, MPI_LONG, (rank + size - 1) % size, r, MPI_COMM_WORLD,
              &req[0]);
    MPI_Isend(out, 8, MPI_LONG, (rank + 1) % size, r, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    if (in[0] != expected)
      errors++;
    if (in[1] != expected + 1)
      errors++;
    if (in[2] != expected + 2)
      errors++;
    if (in[3] != expected + 3)
      errors++;
    if (in[4] != expected + 4)
      errors += 2;
    if (in[5] != expected + 5)
      errors += 3;
    if (in[6] != expected + 6)
      errors += 4;
    if (in[7] != expected + 7)
      errors += 5;
    sum += in[0];
  }
  MPI_Request last;
  MPI_Irecv(in, 8, MPI_LONG, 0, 99, MPI_COMM_WORLD, &last); // expected-note {{MPI_Irecv started here}}
  sum += in[0]; // expected-warning {{read of 'in[0]'}}
  MPI_Wait(&last, MPI_STATUS_IGNORE);
  MPI_Allreduce(MPI_IN_PLACE, &errors, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return errors + sum;
}
