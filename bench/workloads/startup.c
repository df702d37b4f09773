/* startup: a run well under a second, where start-up and shut-down count.
 *
 * Models the short jobs of a test suite or a parameter sweep (and the
 * 0.3-2 s runs of real codes' small inputs): MPI_Init, a communicator split,
 * a few hundred small nonblocking ring messages and allreduces, a window
 * created and freed, MPI_Finalize. Native time is mostly mpiexec and
 * MPI_Init; what MPISync adds here is its own start-up (shadow mapping,
 * option parsing, tables, the symbolizer's set-up) and shut-down.
 *
 *   startup [ROUNDS]   ROUNDS ring exchanges (default 200)
 *
 * Output: "checksum: <sum> <errors>", exits 1 on any error. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const int rounds = argc > 1 ? atoi(argv[1]) : 200;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);

  long token[4] = {0, 0, 0, 0}, in[4];
  long errors = 0, sum = 0;
  const int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  for (int r = 0; r < rounds; r++) {
    for (int k = 0; k < 4; k++)
      token[k] = (long)rank * 1000 + r * 4 + k;
    MPI_Request req[2];
    MPI_Irecv(in, 4, MPI_LONG, prev, r, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(token, 4, MPI_LONG, next, r, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    for (int k = 0; k < 4; k++)
      if (in[k] != (long)prev * 1000 + r * 4 + k)
        errors++;
    long local = in[3], global;
    MPI_Allreduce(&local, &global, 1, MPI_LONG, MPI_SUM, half);
    sum += global;
  }

  int *mem;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &mem, &win);
  *mem = 0;
  MPI_Win_fence(0, win);
  const int one = 1;
  MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(0, win);
  if (rank == 0 && *mem != size)
    errors++;
  MPI_Win_free(&win);

  long total, all_errors;
  MPI_Allreduce(&sum, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&errors, &all_errors, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("checksum: %ld %ld\n", total, all_errors);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return all_errors ? 1 : 0;
}
