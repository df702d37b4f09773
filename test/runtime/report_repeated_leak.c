// Bounded output: 20,000 requests leaked from one line of a loop make one
// missing-completion report that says how many more it stands for, not
// 20,000 reports; a request leaked from another line gets its own. With
// report_all=1 every one is reported.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: not %t 20000 > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: grep -c "ERROR: MPISync" %t.out | FileCheck %s --check-prefix=TWO
// RUN: env MPISYNC_OPTIONS=report_all=1 not %t 50 2>&1 | grep -c "ERROR: MPISync: missing-completion" | FileCheck %s --check-prefix=ALL
// CHECK: ERROR: MPISync: missing-completion on rank 0
// CHECK: SUMMARY: MPISync: missing-completion {{.*}}report_repeated_leak.c:27{{.*}} (and 19999 more like it)
// CHECK: ERROR: MPISync: missing-completion on rank 0
// CHECK: SUMMARY: MPISync: missing-completion {{.*}}report_repeated_leak.c:28{{.*}}; MPI_Irecv at {{[^(]*$}}
// TWO: {{^2$}}
// ALL: {{^51$}}
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = argc > 1 ? atoi(argv[1]) : 10;
  int *bufs = malloc(sizeof(int) * (n + 1));
  MPI_Request req;
  // Receives from this process that nothing ever sends: each stays pending,
  // and its request is dropped (overwritten) at once.
  for (int i = 0; i < n; i++)
    MPI_Irecv(&bufs[i], 1, MPI_INT, 0, 7, MPI_COMM_SELF, &req);
  MPI_Irecv(&bufs[n], 1, MPI_INT, 0, 8, MPI_COMM_SELF, &req);
  MPI_Finalize();
  return 0;
}
