// Cloning mirrors point-to-point communication: received buffers (contiguous
// and derived datatypes), statuses (source, tag, count, from MPI_ANY_SOURCE
// and MPI_ANY_TAG), probes, every wait and test form with their flags and
// indices, MPI_Request_get_status, persistent requests and
// MPI_Sendrecv(_replace). Each process prints a checksum of what it got:
// every line appears once per member of a family, and the parents print what
// the run without clones prints.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=clones=2 %mpiexec -n 6 %t > %t.k2
// RUN: sh %S/Inputs/same_as_parent.sh 2 %t.plain %t.k2 | FileCheck %s
// CHECK: same: {{[0-9]+}} lines
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, size;

static unsigned Sum(const void *p, int bytes) {
  const unsigned char *b = p;
  unsigned s = 7;
  for (int i = 0; i < bytes; i++)
    s = s * 31 + b[i];
  return s;
}

static void Show(const char *what, const void *p, int bytes, MPI_Status *st,
                 MPI_Datatype t) {
  int count = -1;
  if (st)
    MPI_Get_count(st, t, &count);
  printf("rank %d %s: sum %u source %d tag %d count %d\n", rank, what,
         Sum(p, bytes), st ? st->MPI_SOURCE : -9, st ? st->MPI_TAG : -9, count);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("rank %d of %d\n", rank, size);
  int peer = 1 - rank, out[100], in[100];
  MPI_Status st;
  for (int i = 0; i < 100; i++)
    out[i] = rank * 1000 + i;

  // Blocking, wildcards, a shorter message than the buffer.
  memset(in, 0, sizeof in);
  if (rank == 0) {
    MPI_Send(out, 37, MPI_INT, peer, 5, MPI_COMM_WORLD);
    MPI_Recv(in, 100, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
  } else {
    MPI_Recv(in, 100, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Send(out, 41, MPI_INT, peer, 6, MPI_COMM_WORLD);
  }
  Show("recv", in, sizeof in, &st, MPI_INT);

  // Probe and Iprobe decide what to receive.
  if (rank == 0)
    MPI_Send(out, 13, MPI_INT, peer, 7, MPI_COMM_WORLD);
  else {
    int flag = 0, polls = 0;
    while (!flag) {
      MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, &st);
      polls++;
    }
    int n;
    MPI_Get_count(&st, MPI_INT, &n);
    MPI_Probe(0, 7, MPI_COMM_WORLD, &st);
    MPI_Recv(in, n, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d probed %d ints, flag %d\n", rank, n, flag);
  }

  // A derived datatype: every other int.
  MPI_Datatype every_other;
  MPI_Type_vector(10, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  memset(in, 0, sizeof in);
  MPI_Sendrecv(out, 1, every_other, peer, 8, in, 1, every_other, peer, 8,
               MPI_COMM_WORLD, &st);
  Show("vector", in, sizeof in, &st, every_other);
  MPI_Type_free(&every_other);

  MPI_Sendrecv_replace(out, 20, MPI_INT, peer, 9, peer, 9, MPI_COMM_WORLD, &st);
  Show("replace", out, sizeof out, &st, MPI_INT);

  // Nonblocking: every completion form.
  MPI_Request r[4];
  int a[4][8];
  memset(a, 0, sizeof a);
  for (int i = 0; i < 4; i++)
    MPI_Irecv(a[i], 8, MPI_INT, peer, 20 + i, MPI_COMM_WORLD, &r[i]);
  for (int i = 3; i >= 0; i--)
    MPI_Send(out + i, 8 - i, MPI_INT, peer, 20 + i, MPI_COMM_WORLD);
  int index, done = 0, indices[4], outcount;
  MPI_Waitany(4, r, &index, &st);
  printf("rank %d waitany completed one\n", rank);
  done++;
  while (done < 4) {
    MPI_Waitsome(4, r, &outcount, indices, MPI_STATUSES_IGNORE);
    done += outcount;
  }
  Show("waitany/waitsome", a, sizeof a, NULL, MPI_INT);

  memset(a, 0, sizeof a);
  for (int i = 0; i < 4; i++)
    MPI_Irecv(a[i], 8, MPI_INT, peer, 30 + i, MPI_COMM_WORLD, &r[i]);
  MPI_Request s[4];
  for (int i = 0; i < 4; i++)
    MPI_Isend(out + 2 * i, 8, MPI_INT, peer, 30 + i, MPI_COMM_WORLD, &s[i]);
  int flag = 0;
  MPI_Request_get_status(r[0], &flag, MPI_STATUS_IGNORE);
  while (!flag)
    MPI_Test(&r[0], &flag, &st);
  flag = 0;
  while (!flag)
    MPI_Testany(4, r, &index, &flag, MPI_STATUS_IGNORE);
  outcount = 0;
  while (outcount != MPI_UNDEFINED)
    MPI_Testsome(4, r, &outcount, indices, MPI_STATUSES_IGNORE);
  flag = 0;
  while (!flag)
    MPI_Testall(4, s, &flag, MPI_STATUSES_IGNORE);
  Show("test forms", a, sizeof a, NULL, MPI_INT);

  // Persistent requests, started twice.
  MPI_Request p[2];
  MPI_Recv_init(in, 16, MPI_INT, peer, 40, MPI_COMM_WORLD, &p[0]);
  MPI_Send_init(out, 16, MPI_INT, peer, 40, MPI_COMM_WORLD, &p[1]);
  for (int round = 0; round < 2; round++) {
    out[0] = round;
    MPI_Startall(2, p);
    MPI_Waitall(2, p, MPI_STATUSES_IGNORE);
    Show("persistent", in, 16 * sizeof(int), NULL, MPI_INT);
  }
  MPI_Start(&p[0]);
  MPI_Send(out, 3, MPI_INT, peer, 40, MPI_COMM_WORLD);
  MPI_Wait(&p[0], &st);
  Show("persistent start", in, 16 * sizeof(int), &st, MPI_INT);
  MPI_Request_free(&p[0]);
  MPI_Request_free(&p[1]);

  // MPI_PROC_NULL and a zero count.
  MPI_Recv(in, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
  Show("proc null", in, 4 * sizeof(int), &st, MPI_INT);
  MPI_Sendrecv(out, 0, MPI_INT, peer, 50, in, 0, MPI_INT, peer, 50,
               MPI_COMM_WORLD, &st);
  Show("zero", in, 4 * sizeof(int), &st, MPI_INT);

  MPI_Finalize();
  return 0;
}
