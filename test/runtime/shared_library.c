// Instrumented code in a shared library: `-shared` links no runtime (the
// executable's is used, docs/user-guide.md "Driver rules"), the library's
// checks and MPI calls reach it, and the report names the library's lines.
// Twin (-DFIXED): the write follows the wait.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mpicc -fsanitize=mpisync -g -fPIC -shared -Wno-mpisync \
// RUN:   %S/Inputs/shared_lib_sender.c -o %t/libsender.so
// RUN: %mpicc -fsanitize=mpisync -g %s -L%t -lsender -Wl,-rpath,%t -o %t/app
// RUN: not %mpiexec -n 2 %t/app 2>&1 | FileCheck %s
// RUN: mkdir -p %t/ok && %mpicc -fsanitize=mpisync -g -fPIC -shared -DFIXED \
// RUN:   %S/Inputs/shared_lib_sender.c -o %t/ok/libsender.so
// RUN: %mpicc -fsanitize=mpisync -g %s -L%t/ok -lsender -Wl,-rpath,%t/ok \
// RUN:   -o %t/ok/app
// RUN: %mpiexec -n 2 %t/ok/app 2>&1 | FileCheck %s --check-prefix=OK \
// RUN:   --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>

void send_and_touch(int *buf, int peer);

int main(int argc, char **argv) {
  int rank, buf[4] = {1, 2, 3, 4}, in[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    send_and_touch(buf, 1);
  // CHECK: ERROR: MPISync: send-buffer-write on rank 0
  // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 0
  // CHECK-NEXT: #0 {{.*}} in send_and_touch {{.*}}shared_lib_sender.c:9
  // CHECK-NEXT: #1 {{.*}} in main {{.*}}shared_library.c:[[@LINE-4]]
  // CHECK: of a pending MPI_Isend
  // CHECK-NEXT: #0 {{.*}} in send_and_touch {{.*}}shared_lib_sender.c:7
  // CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}shared_lib_sender.c:9
  else
    MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  if (rank == 1)
    printf("received %d\n", in[0]);
  // OK: received 1
  return 0;
}
