// A buffer handed over as a communicator attribute (MPI_Comm_set_attr) and
// received into by another file, which gets it back with
// MPI_Comm_get_attr: the pass must not take MPI_Comm_set_attr for a call
// that keeps no pointer (it keeps the value it is given), or the buffer's
// accesses here are filtered out as never MPI's: a fresh heap block at -O2
// (-DHEAP), a local array that is not seen escaping (default). Both were
// missed. Error: rank 1 writes the receive buffer before the wait.
// Twin (-DFIXED): it writes after the wait: clean.
// RUN: %mpicc -fsanitize=mpisync -g -O2 %s %S/Inputs/attr_post_irecv.c -o %t
// RUN: not %mpiexec -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpicc -fsanitize=mpisync -g -O2 -DHEAP %s %S/Inputs/attr_post_irecv.c -o %t.heap
// RUN: not %mpiexec -n 2 %t.heap > %t.heap.out 2>&1
// RUN: FileCheck %s < %t.heap.out
// RUN: %mpicc -fsanitize=mpisync -g -O2 -DFIXED %s %S/Inputs/attr_post_irecv.c -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

void post_from_attribute(MPI_Comm comm, int key, MPI_Request *req);

int main(int argc, char **argv) {
  int rank, key;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &key,
                         NULL);
#ifdef HEAP
  int *buf = malloc(64 * sizeof(int));
#else
  int local[64], *buf = local;
#endif
  for (int i = 0; i < 64; i++)
    buf[i] = -1;
  MPI_Comm_set_attr(MPI_COMM_WORLD, key, buf);
  if (rank == 1) {
    MPI_Request req;
    post_from_attribute(MPI_COMM_WORLD, key, &req);
#ifndef FIXED
    buf[10] = 5;
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}attribute_buffer.c:[[@LINE-2]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}attr_post_irecv.c:8:{{[0-9]+}} in post_from_attribute
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
#ifdef FIXED
    buf[11] += 100;
#endif
    printf("rank 1 got %d %d\n", buf[10], buf[11]);
    // OK: rank 1 got 10 111
  } else {
    int data[64];
    for (int i = 0; i < 64; i++)
      data[i] = i;
    MPI_Send(data, 64, MPI_INT, 1, 0, MPI_COMM_WORLD);
  }
  MPI_Comm_delete_attr(MPI_COMM_WORLD, key);
  MPI_Comm_free_keyval(&key);
#ifdef HEAP
  free(buf);
#endif
  MPI_Finalize();
  return 0;
}
