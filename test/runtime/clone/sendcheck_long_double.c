// SendCheck compares what a send sends, not the padding of x87 long
// doubles: each long double takes 16 bytes of which 10 are its value, MPI_Pack
// copies all 16, and the program never writes the other 6. Here they hold
// each process's own pid (different on a parent and its clone), for
// MPI_LONG_DOUBLE, MPI_LONG_DOUBLE_INT, MPI_C_LONG_DOUBLE_COMPLEX, a vector
// of long doubles and a struct mixing them with ints: no clone-divergence,
// and the parents get what a run without clones gets (a value that differs
// is still reported: sendcheck_divergence.c).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain 2>&1
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1 2>&1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CLEAN < %t.k1
// CHECK: same: {{[0-9]+}} lines
// CLEAN-NOT: MPISync
// CLEAN: rank 1: sum 137.00
#include <complex.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define N 8

struct mixed {
  int tag;
  long double value;
  int more;
};

// The padding bytes of every long double get this process's pid.
static void fill_with_pid(void *p, size_t bytes) {
  pid_t pid = getpid();
  for (size_t i = 0; i + sizeof(pid) <= bytes; i += sizeof(pid))
    memcpy((char *)p + i, &pid, sizeof(pid));
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  static long double values[N], column[2 * N];
  static struct {
    long double value;
    int index;
  } pairs[N];
  static long double _Complex complexes[N];
  static struct mixed mixed[N];
  fill_with_pid(values, sizeof(values));
  fill_with_pid(column, sizeof(column));
  fill_with_pid(pairs, sizeof(pairs));
  fill_with_pid(complexes, sizeof(complexes));
  fill_with_pid(mixed, sizeof(mixed));
  for (int i = 0; i < N; i++) {
    values[i] = 0.25L * i;
    column[2 * i] = i;
    pairs[i].value = i;
    pairs[i].index = i;
    complexes[i] = i + 0.5L * I;
    mixed[i].tag = i;
    mixed[i].value = 0.5L * i;
    mixed[i].more = -i;
  }
  MPI_Datatype every_other, mixed_fields, mixed_type;
  MPI_Type_vector(N, 1, 2, MPI_LONG_DOUBLE, &every_other);
  MPI_Type_commit(&every_other);
  int lengths[3] = {1, 1, 1};
  MPI_Aint displs[3] = {offsetof(struct mixed, tag),
                        offsetof(struct mixed, value),
                        offsetof(struct mixed, more)};
  MPI_Datatype types[3] = {MPI_INT, MPI_LONG_DOUBLE, MPI_INT};
  MPI_Type_create_struct(3, lengths, displs, types, &mixed_fields);
  MPI_Type_create_resized(mixed_fields, 0, sizeof(struct mixed), &mixed_type);
  MPI_Type_commit(&mixed_type);
  long double sum = 0;
  if (rank == 0) {
    MPI_Send(values, N, MPI_LONG_DOUBLE, 1, 0, MPI_COMM_WORLD);
    MPI_Send(column, 1, every_other, 1, 1, MPI_COMM_WORLD);
    MPI_Send(pairs, N, MPI_LONG_DOUBLE_INT, 1, 2, MPI_COMM_WORLD);
    MPI_Send(complexes, N, MPI_C_LONG_DOUBLE_COMPLEX, 1, 3, MPI_COMM_WORLD);
    MPI_Send(mixed, N, mixed_type, 1, 4, MPI_COMM_WORLD);
  } else {
    MPI_Recv(values, N, MPI_LONG_DOUBLE, 0, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    MPI_Recv(column, 1, every_other, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(pairs, N, MPI_LONG_DOUBLE_INT, 0, 2, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    MPI_Recv(complexes, N, MPI_C_LONG_DOUBLE_COMPLEX, 0, 3, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    MPI_Recv(mixed, N, mixed_type, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
      sum += values[i] + column[2 * i] + pairs[i].value + pairs[i].index +
             creall(complexes[i]) + cimagl(complexes[i]) + mixed[i].value +
             mixed[i].tag + mixed[i].more;
    printf("rank 1: sum %.2Lf\n", sum);
  }
  MPI_Type_free(&every_other);
  MPI_Type_free(&mixed_type);
  MPI_Type_free(&mixed_fields);
  MPI_Finalize();
  return 0;
}
