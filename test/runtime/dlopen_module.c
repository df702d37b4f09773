// A module loaded with dlopen after MPI_Init (so after the runtime took its
// first snapshot of the process's modules) starts the send; the program
// writes the buffer while it is pending. The report names the library's
// MPI call by file and line: the runtime learns of the module when a pc
// in it is first asked about (runtime/mpisync_modules.cpp). Twin
// (-DFIXED): the write follows the wait.
// RUN: %plain_mpicc -g -fPIC -shared %S/Inputs/dlopen_sender.c -o %t.so
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t -ldl
// RUN: not %mpiexec -n 2 %t %t.so 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -g -DFIXED %s -o %t.ok -ldl
// RUN: %mpiexec -n 2 %t.ok %t.so 2>&1 | \
// RUN:   FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>

typedef int (*start_fn)(int *, int, int, MPI_Request *);

int main(int argc, char **argv) {
  int rank, buf[4] = {1, 2, 3, 4}, in[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  void *lib = dlopen(argv[1], RTLD_NOW);
  start_fn start = lib ? (start_fn)dlsym(lib, "start_send") : NULL;
  if (!start) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (rank == 0) {
    MPI_Request req;
    start(buf, 4, 1, &req);
#ifndef FIXED
    buf[0] = 10;
    // CHECK: ERROR: MPISync: send-buffer-write on rank 0
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}dlopen_module.c:[[@LINE-3]]
    // CHECK: of a pending MPI_Isend
    // CHECK-NEXT: #0 {{.*}} in start_send {{.*}}dlopen_sender.c:6
    // CHECK-NEXT: #1 {{.*}} in main {{.*}}dlopen_module.c:[[@LINE-8]]
    // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}module.c:[[@LINE-7]]
    // CHECK-SAME: in main; MPI_Isend at {{.*}}dlopen_sender.c:6
#endif
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[0] = 10;
  } else {
    MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  if (rank == 0)
    printf("done\n");
  // OK: done
  return 0;
}
