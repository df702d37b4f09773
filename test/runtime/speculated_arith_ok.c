// Polling with MPI_Test: the buffer is read only once the receive
// completed (`flag ? buf[0] + buf[1] : -1`). At -O2 the optimizer loads
// both elements unconditionally, adds them and selects on the flag; the
// loads' values reach the select only through the add, and the pass checks
// them under the flag too, so the first poll (flag 0, the receive still
// pending) is not reported. Error twin (-DEARLY): the sum is used whatever
// the flag, a real read of the pending buffer, reported at its line.
// RUN: %mpicc -fsanitize=mpisync -O2 %s -o %t
// RUN: %mpiexec -n 1 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O0 %s -o %t.O0
// RUN: %mpiexec -n 1 %t.O0 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -O2 -DEARLY %s -o %t.early
// RUN: not %mpiexec -n 1 %t.early 2>&1 | FileCheck %s --check-prefix=EARLY
// CHECK: before -1 after 7
// EARLY: ERROR: MPISync: recv-buffer-access on rank 0
// EARLY: SUMMARY: MPISync: recv-buffer-access {{.*}}speculated_arith_ok.c:[[@LINE+10]]{{.*}}; MPI_Irecv at {{.*}}speculated_arith_ok.c:[[@LINE+21]]
#include <mpi.h>
#include <stdio.h>

static int buf[2];

__attribute__((noinline)) static int poll(MPI_Request *r) {
  int flag;
  MPI_Test(r, &flag, MPI_STATUS_IGNORE);
#ifdef EARLY
  int sum = buf[0] + buf[1];
  return flag ? sum : -sum - 1;
#else
  return flag ? buf[0] + buf[1] : -1; // reads buf only once complete
#endif
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int data[2] = {3, 4};
  MPI_Request r, s;
  MPI_Irecv(buf, 2, MPI_INT, 0, 0, MPI_COMM_SELF, &r);
  int before = poll(&r); // nothing was sent yet: flag 0
  MPI_Isend(data, 2, MPI_INT, 0, 0, MPI_COMM_SELF, &s);
  MPI_Wait(&s, MPI_STATUS_IGNORE);
  int after;
  while ((after = poll(&r)) < 0)
    ;
  printf("before %d after %d\n", before, after);
  MPI_Finalize();
  return 0;
}
