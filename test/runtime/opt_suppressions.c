// Options: suppressions=FILE silences the reports that match a line of the
// file: fun:NAME (a function on the access or start stack), src:FILE (a
// source file on those stacks), kind:NAME (an error kind); others remain.
// RUN: %mpicc -fsanitize=mpisync %s %S/Inputs/supp_helper.c -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HELPER,RECV
// RUN: echo "fun:helper_write" > %t.fun.supp
// RUN: env MPISYNC_OPTIONS=suppressions=\"%t.fun.supp\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,RECV --implicit-check-not=helper_write
// RUN: echo "src:*Inputs/supp_helper.c" > %t.src.supp
// RUN: env MPISYNC_OPTIONS=suppressions=\"%t.src.supp\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,RECV --implicit-check-not=helper_write
// RUN: echo "# comments and blank lines are ignored" > %t.kind.supp
// RUN: echo "" >> %t.kind.supp
// RUN: echo "kind:recv-buffer-access" >> %t.kind.supp
// RUN: env MPISYNC_OPTIONS=suppressions=\"%t.kind.supp\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HELPER --implicit-check-not=recv-buffer-access
// RUN: echo "fun:helper_write" > %t.all.supp
// RUN: echo "src:*opt_suppressions.c" >> %t.all.supp
// RUN: env MPISYNC_OPTIONS=suppressions=\"%t.all.supp\" %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

void helper_write(int *p);

static int reader(const int *p) { return p[1]; }

int main(int argc, char **argv) {
  int rank, a[2] = {0}, b[2] = {0}, c[2] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request reqs[3];
    MPI_Isend(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
    helper_write(a);
    // HELPER: SUMMARY: MPISync: send-buffer-write {{.*}}supp_helper.c:3{{.*}} in helper_write; MPI_Isend at {{.*}}opt_suppressions.c:[[@LINE-2]]
    MPI_Isend(b, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
    b[1] = 1;
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}opt_suppressions.c:[[@LINE-1]]{{.*}} in main
    MPI_Irecv(c, 2, MPI_INT, 1, 2, MPI_COMM_WORLD, &reqs[2]);
    int early = reader(c);
    // RECV: SUMMARY: MPISync: recv-buffer-access {{.*}}opt_suppressions.c:[[@LINE-16]]{{.*}} in reader; MPI_Irecv at {{.*}}opt_suppressions.c:[[@LINE-2]]
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    printf("rank 0 done %d\n", early + c[1]);
    // NONE: rank 0 done 9
  } else {
    int x[2], y[2] = {8, 9};
    MPI_Recv(x, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(x, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(y, 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
