// Request-based RMA operations (MPI 4.1 12.3.5) start a request like a
// nonblocking send or receive: MPI_Rput's origin buffer may not be written
// and MPI_Rget's result buffer not accessed until the request completes,
// and the request must be completed. Each bad_* function has a correct
// twin ok_*.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>

void bad_rput_write(MPI_Win win) {
  int src[4] = {0};
  MPI_Request req;
  MPI_Rput(src, 4, MPI_INT, 1, 0, 4, MPI_INT, win, &req); // expected-note {{MPI_Rput started here; it is not completed on this path}}
  src[1] = 3; // expected-warning {{write to 'src[1]', the send buffer 'src' of a pending MPI_Rput; complete the request first [-Wmpisync-send-buffer-write]}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void ok_rput_write(MPI_Win win) {
  int src[4] = {0};
  MPI_Request req;
  MPI_Rput(src, 4, MPI_INT, 1, 0, 4, MPI_INT, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  src[1] = 3;
}

int bad_rget_read(MPI_Win win) {
  int dst[4];
  MPI_Request req;
  MPI_Rget(dst, 4, MPI_INT, 1, 0, 4, MPI_INT, win, &req); // expected-note {{MPI_Rget started here; it is not completed on this path}}
  int v = dst[0]; // expected-warning {{read of 'dst[0]', the receive buffer 'dst' of a pending MPI_Rget; complete the request first [-Wmpisync-recv-buffer-access]}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return v;
}

int ok_rget_read(MPI_Win win) {
  int dst[4];
  MPI_Request req;
  MPI_Rget(dst, 4, MPI_INT, 1, 0, 4, MPI_INT, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return dst[0];
}
