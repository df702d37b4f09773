// Issue 18 item 4: a read of a pending receive buffer whose value is never
// used is deleted by the optimizer at -O1, so no instrumented load is left
// for the runtime to check. The clang plugin reports it at compile time
// (-Wmpisync-recv-buffer-access, from the source, before optimization),
// naming the read's line and the MPI call's; the run has nothing to say
// about it (docs/plugin.md, "Reads the optimizer deletes"). At -O0 the load
// stays and the runtime reports it too.
// RUN: %mpicc -fsanitize=mpisync -g -O1 %s -o %t 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=RUN1 --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -O0 %s -o %t.O0 2>/dev/null
// RUN: not %mpiexec -n 2 %t.O0 2>&1 | FileCheck %s --check-prefix=RUN0
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, buf[4] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request req;
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    int unused = buf[0];
    // COMPILE: deleted_read_O1.c:[[@LINE-1]]:18: warning: read of 'buf[0]', the receive buffer 'buf' of a pending MPI_Irecv; complete the request first [-Wmpisync-recv-buffer-access]
    // COMPILE: deleted_read_O1.c:[[@LINE-3]]:5: note: MPI_Irecv started here
    // RUN0: SUMMARY: MPISync: recv-buffer-access {{.*}}deleted_read_O1.c:[[@LINE-3]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}deleted_read_O1.c:[[@LINE-4]]
    (void)unused;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank 1 got %d\n", buf[3]);
    // RUN1: rank 1 got 4
  } else if (rank == 0) {
    int data[4] = {1, 2, 3, 4};
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
