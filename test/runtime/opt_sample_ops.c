// sample_ops=N tracks one nonblocking, persistent or partitioned operation
// in N, drawn at random (seed=7: the same draws every run): an error that
// recurs every iteration is still reported, at its lines, and stats=1 says
// how many operations were tracked (some, not all, of the 403 each rank
// starts or creates). Under MPI_Init's thread level an untracked
// operation takes no stand-in in the request map (only threads calling MPI
// at once need them: threads/stress_exchange_ok.c). The correct program
// (-DFIXED) is clean under sampling, with persistent requests, untracked
// ones among them, started, completed and freed, and a send freed while
// active. A bad value is a one-line error.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=sample_ops=16:seed=7:stats=1 not %mpiexec -n 2 %t > %t.sampled 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,STATS16 < %t.sampled
// RUN: not grep 'stand-ins of untracked operations *[1-9]' %t.sampled
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not='operations tracked'
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok
// RUN: env MPISYNC_OPTIONS=sample_ops=3:stats=1 %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefixes=OK,STATS3 --implicit-check-not=ERROR
// RUN: env MPISYNC_OPTIONS=sample_ops=0 not %t 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=hello
// RUN: env MPISYNC_OPTIONS=sample_ops=often not %t 2>&1 | FileCheck %s --check-prefix=WORD --implicit-check-not=hello
#include <mpi.h>
#include <stdio.h>

#define ITERS 200
#define N 32

int main(int argc, char **argv) {
  int rank;
  double in[N], out[N], pin[N], pout[N], once[N];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = 1 - rank;
  MPI_Request pers[2];
  MPI_Send_init(pout, N, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &pers[0]);
  MPI_Recv_init(pin, N, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &pers[1]);
  double s = 0;
  for (int it = 0; it < ITERS; it++) {
    for (int i = 0; i < N; i++)
      out[i] = pout[i] = rank + it + i;
    MPI_Request reqs[2];
    MPI_Irecv(in, N, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &reqs[0]); // IRECV
    MPI_Isend(out, N, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Startall(2, pers);
#ifndef FIXED
    s += in[0]; // READ
#endif
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Waitall(2, pers, MPI_STATUSES_IGNORE);
    s += in[N - 1] + pin[0];
  }
  for (int i = 0; i < N; i++)
    once[i] = i;
  MPI_Request sent;
  MPI_Isend(once, N, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &sent);
  MPI_Request_free(&sent);
  MPI_Recv(in, N, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Request_free(&pers[0]);
  MPI_Request_free(&pers[1]);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("hello %d %.0f\n", rank, s + in[5]);
  MPI_Finalize();
  return 0;
}
// CHECK: ERROR: MPISync: recv-buffer-access on rank {{[01]}}
// CHECK: READ of size 8 at {{.*}} by rank {{[01]}}
// CHECK-NEXT: #0 {{.*}} in main {{.*}}opt_sample_ops.c:44
// CHECK: receive buffer {{.*}} of a pending MPI_Irecv
// CHECK-NEXT: #0 {{.*}} in main {{.*}}opt_sample_ops.c:40
// OK-DAG: hello 0
// OK-DAG: hello 1
// STATS16: operations tracked {{[1-9][0-9]?}} of 403 (sample_ops=16)
// STATS16: stand-ins of untracked operations 0
// STATS3: operations tracked {{1[0-9][0-9]}} of 403 (sample_ops=3)
// STATS3: stand-ins of untracked operations 0
// ZERO: ERROR: MPISync: value '0' for option 'sample_ops' is out of range (expected 1..1000000)
// WORD: ERROR: MPISync: invalid value 'often' for option 'sample_ops'
