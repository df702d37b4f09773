// A shared library built with -fsanitize=mpisync and loaded with dlopen
// binds to the executable's runtime: the executable exports the checks'
// entries and state (runtime/mpisync_rt.dynlist), also the ones its own
// code and the libraries it was linked with never used. They used to be
// exported only when such a library referenced them, and dlopen failed
// ("undefined symbol: __mpisync_state"). With -DBAD the plugin reads its
// pending receive buffer: reported at the plugin's line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mpicc -fsanitize=mpisync -O2 -g -fPIC -shared \
// RUN:   %S/Inputs/dlopen_checked_plugin.c -o %t/libplug.so
// RUN: %mpicc -fsanitize=mpisync -O2 -g %s -o %t/app -ldl
// RUN: %mpiexec -n 2 %t/app %t/libplug.so 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=MPISync
// CHECK-DAG: rank 0: sum 37
// CHECK-DAG: rank 1: sum 37
// RUN: %mpicc -fsanitize=mpisync -O2 -g -fPIC -shared -DBAD \
// RUN:   %S/Inputs/dlopen_checked_plugin.c -o %t/libbad.so
// RUN: not %mpiexec -n 2 %t/app %t/libbad.so 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ERROR: MPISync: recv-buffer-access on rank
// BAD: #0 {{.*}} in plug {{.*}}dlopen_checked_plugin.c:13
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>

typedef long (*plug_fn)(long *, int, long *, int);

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  void *lib = dlopen(argv[1], RTLD_NOW);
  plug_fn plug = lib ? (plug_fn)dlsym(lib, "plug") : NULL;
  if (!plug) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long a[8], in = 0;
  for (int i = 0; i < 8; i++)
    a[i] = i + 1;
  printf("rank %d: sum %ld\n", rank, plug(a, 8, &in, 1 - rank));
  MPI_Finalize();
  return 0;
}
