// Whether a pending buffer's extent is mapped is looked up in /proc/self/maps
// once and kept (docs/design.md, "Buffers past mapped memory"): the kept
// answer must follow the program's mmap and munmap. Three receives of
// 64 MiB (past the 16 MiB beyond which the extent is looked up), each
// cancelled: into a mapping read with the maps (clean), into one mapped
// after that reading (clean: read again, no false buffer-exceeds-memory),
// and into the first again after its upper half was unmapped (reported:
// the hole is seen although the kept reading had it mapped).
// REQUIRES: mpi-4
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: env MPISYNC_OPTIONS=exitcode=3 not %mpiexec -n 1 %t 2>&1 | FileCheck %s --implicit-check-not="ERROR: MPISync"
#include <mpi.h>
#include <stddef.h>
#include <sys/mman.h>

static void receive_and_cancel(char *buf, MPI_Count bytes) {
  MPI_Request req;
  MPI_Irecv_c(buf, bytes, MPI_BYTE, 0, 1, MPI_COMM_SELF, &req);
  MPI_Cancel(&req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const MPI_Count size = (MPI_Count)64 << 20;
  char *first = mmap(NULL, size, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  receive_and_cancel(first, size);
  char *second = mmap(NULL, size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  receive_and_cancel(second, size);
  munmap(first + size / 2, size / 2);
  receive_and_cancel(first, size);
  // CHECK: ERROR: MPISync: buffer-exceeds-memory on rank 0
  // CHECK-NEXT: The receive buffer of MPI_Irecv_c at {{.*}} (67108864 x MPI_BYTE) runs past the memory this process has mapped, at {{.*}} Only the 33554432 elements before it are watched.
  // CHECK-NEXT: #0 {{.*}} in receive_and_cancel {{.*}}mapped_memory_changes.c:18
  // CHECK-NEXT: #1 {{.*}} in main {{.*}}mapped_memory_changes.c:[[@LINE-4]]
  // CHECK: SUMMARY: MPISync: buffer-exceeds-memory {{.*}}mapped_memory_changes.c:18:{{.*}} MPI_Irecv_c at
  munmap(first, size / 2);
  munmap(second, size);
  MPI_Finalize();
  return 0;
}
