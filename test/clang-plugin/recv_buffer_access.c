// -Wmpisync-recv-buffer-access: a buffer of a pending receive is read or
// written on a path where its request was not completed. Each bad_*
// function has a correct twin ok_*.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define N 8

int bad_read(void) {
  int buf[N];
  MPI_Request req;
  MPI_Irecv(buf, N, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here; it is not completed on this path}}
  int early = buf[3]; // expected-warning {{read of 'buf[3]', the receive buffer 'buf' of a pending MPI_Irecv; complete the request first [-Wmpisync-recv-buffer-access]}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return early + buf[3];
}

int ok_read(void) {
  int buf[N];
  MPI_Request req;
  MPI_Irecv(buf, N, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return buf[3];
}

void bad_write_scalar(void) {
  int x;
  MPI_Request req;
  MPI_Irecv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  x = 0; // expected-warning {{write to 'x', the receive buffer '&x' of a pending MPI_Irecv}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// The interior of a grid is not the halo being received.
void ok_overlap_compute(double grid[N + 2]) {
  double local[N + 2];
  MPI_Request reqs[2];
  MPI_Irecv(&local[0], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(&local[N + 1], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &reqs[1]);
  for (int i = 1; i <= N; i++)
    local[i] = grid[i];
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  for (int i = 0; i < N + 2; i++)
    grid[i] = local[i];
}

void bad_overlap_compute(double grid[N + 2]) {
  double local[N + 2];
  MPI_Request reqs[2];
  MPI_Irecv(&local[0], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &reqs[0]); // expected-note {{MPI_Irecv started here}}
  MPI_Irecv(&local[N + 1], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &reqs[1]);
  for (int i = 0; i <= N; i++) // starts on the halo
    local[i] = grid[i]; // expected-warning {{write to 'local[i]', the receive buffer '&local[0]' of a pending MPI_Irecv}}
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

// MPI_Test polling: the value is the program's only once flag is set.
int bad_test_poll(void) {
  int v = 0, flag = 0, seen = 0;
  MPI_Request req;
  MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  while (!flag) {
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    seen = v; // expected-warning {{read of 'v', the receive buffer '&v' of a pending MPI_Irecv}}
  }
  return seen;
}

int ok_test_poll(void) {
  int v = 0, flag = 0;
  MPI_Request req;
  MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  while (!flag)
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
  return v;
}

int ok_test_then_wait(void) {
  int v = 0, flag;
  MPI_Request req;
  MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
  if (!flag)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  return v;
}

// MPI_Testall completes all of them or none.
void bad_testall(void) {
  int a[2], b[2], flag;
  MPI_Request reqs[2];
  MPI_Irecv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]); // expected-note {{MPI_Irecv started here}}
  MPI_Irecv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
  if (flag)
    printf("%d\n", b[0]);
  else
    printf("%d\n", a[0]); // expected-warning {{read of 'a[0]'}}
  if (!flag)
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

// Which request MPI_Waitany completed is not known here: no report.
void ok_waitany(void) {
  int a[2], b[2], index;
  MPI_Request reqs[2];
  MPI_Irecv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
  for (int k = 0; k < 2; k++) {
    MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE);
    printf("%d\n", index == 0 ? a[0] : b[0]);
  }
}

// Reading through a blocking send or a C library call is a read.
void bad_blocking_send_and_libc(int fd) {
  char in[32];
  MPI_Request req;
  MPI_Irecv(in, 32, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req); // expected-note 2 {{MPI_Irecv started here}}
  MPI_Send(in + 4, 4, MPI_CHAR, 1, 0, MPI_COMM_WORLD); // expected-warning {{MPI_Send sends from 'in + 4', the receive buffer 'in' of a pending MPI_Irecv}}
  printf("%zu\n", strlen(in)); // expected-warning {{strlen() reads 'in', the receive buffer 'in' of a pending MPI_Irecv}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Two receives into one buffer.
void bad_two_receives(void) {
  int buf[N];
  MPI_Request reqs[2];
  MPI_Irecv(buf, N, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]); // expected-note {{MPI_Irecv started here}}
  MPI_Irecv(buf + 4, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]); // expected-warning {{MPI_Irecv receives into 'buf + 4', the receive buffer 'buf' of a pending MPI_Irecv}}
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

void ok_two_receives(void) {
  int buf[N];
  MPI_Request reqs[2];
  MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(buf + 4, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

// MPI_Request_get_status with flag set: the data is there.
int ok_get_status(void) {
  int v, flag = 0;
  MPI_Request req;
  MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  while (!flag)
    MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
  int copy = v;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return copy;
}

// MPI_Cancel does not complete: the request must still be waited for.
void bad_cancel(void) {
  int buf[2];
  MPI_Request req;
  MPI_Irecv(buf, 2, MPI_INT, 0, 5, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  MPI_Cancel(&req);
  buf[0] = 1; // expected-warning {{write to 'buf[0]'}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Atomic read-modify-write is an access (reported once).
void bad_atomic(void) {
  long counters[4];
  MPI_Request req;
  MPI_Irecv(counters, 4, MPI_LONG, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  __atomic_fetch_add(&counters[1], 5, __ATOMIC_SEQ_CST); // expected-warning {{atomic operation on 'counters[1]', the receive buffer 'counters' of a pending MPI_Irecv}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}
