// MPI 4.1 3.7.2: input functions store into memory on the program's behalf:
// read() into a pending receive buffer and fread() into a pending send
// buffer are errors; output reads memory: write() from a pending receive
// buffer is an error, from a pending send buffer it is allowed.
// Twin (-DFIXED): input and output on the receive buffer after MPI_Wait.
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: %mpicc -fsanitize=mpisync -DFIXED %s -o %t.ok
// RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int rank, fds[2];
  char in[16] = "", out[16] = "outgoing";
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    FILE *zero = fopen("/dev/zero", "r");
    pipe(fds);
    write(fds[1], "piped", 6);
    MPI_Request reqs[2];
    MPI_Irecv(in, 16, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(out, 16, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &reqs[1]);
    write(fds[1], out, 9); // reading a pending send buffer is allowed
#ifndef FIXED
    read(fds[0], in + 2, 6);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: WRITE of size 6 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_read_write.c:[[@LINE-3]]
    // CHECK: is 2 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (16 x MPI_CHAR, element 2), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_read_write.c:[[@LINE-9]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}libc_read_write.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}libc_read_write.c:[[@LINE-10]]
    write(fds[1], in + 8, 4);
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 1 (manifest
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_read_write.c:[[@LINE-3]]
    // CHECK: is 8 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (16 x MPI_CHAR, element 8), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_read_write.c:[[@LINE-16]]
    fread(out + 12, 1, 4, zero);
    // CHECK: ERROR: MPISync: send-buffer-write on rank 1
    // CHECK-NEXT: WRITE of size 4 at {{.*}} by rank 1 (
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_read_write.c:[[@LINE-3]]
    // CHECK: is 12 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (16 x MPI_CHAR, element 12), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}libc_read_write.c:[[@LINE-21]]
    // CHECK-NOT: ERROR: MPISync
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
#ifdef FIXED
    read(fds[0], in + 2, 6);
    write(fds[1], in + 8, 4);
#endif
    printf("rank 1 has %s|%s\n", in, in + 2);
    // OK: rank 1 has inpiped|piped
    fclose(zero);
  } else {
    char msg[16] = "incoming", got[16];
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(msg, 16, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(got, 16, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
