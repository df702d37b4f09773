// -Wmpisync-send-buffer-write: a buffer of a pending send is written on a
// path where its request was not completed. Each bad_* function has a
// correct twin ok_* that must stay silent.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>
#include <string.h>

#define N 16

void bad_simple(void) {
  int buf[N] = {0};
  MPI_Request req;
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here; it is not completed on this path}}
  buf[2] = 7; // expected-warning {{write to 'buf[2]', the send buffer 'buf' of a pending MPI_Isend; complete the request first [-Wmpisync-send-buffer-write]}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void ok_simple(void) {
  int buf[N] = {0}, sum = 0;
  MPI_Request req;
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  sum += buf[2]; // reading a pending send buffer is allowed (MPI 3+)
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[2] = sum;
}

// Only the elements the send covers are its buffer.
void ok_other_elements(double *u) {
  double halo[2 * N];
  MPI_Request reqs[2];
  MPI_Isend(halo, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(&halo[N], 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &reqs[1]);
  halo[N + 1] = u[0];
  halo[2 * N - 1] = u[1];
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

void bad_element_past_start(void) {
  double halo[2 * N];
  MPI_Request req;
  MPI_Isend(&halo[N], 4, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  halo[N + 3] = 1.0; // expected-warning {{write to 'halo[N + 3]', the send buffer '&halo[N]' of a pending MPI_Isend}}
  halo[N + 4] = 1.0;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// The first iteration of a loop writes buf[0].
void bad_loop_refill(int steps) {
  double buf[N];
  MPI_Request req;
  for (int s = 0; s < steps; s++) {
    MPI_Isend(buf, N, MPI_DOUBLE, 1, s, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
    for (int i = 0; i < N; i++)
      buf[i] = s; // expected-warning {{write to 'buf[i]', the send buffer 'buf' of a pending MPI_Isend}}
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

void ok_loop_refill(int steps) {
  double buf[N];
  MPI_Request req;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < N; i++)
      buf[i] = s;
    MPI_Isend(buf, N, MPI_DOUBLE, 1, s, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

// Completed on one path only: the write is reported on the other.
void bad_conditional_wait(int urgent) {
  int buf[N] = {0};
  MPI_Request req;
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  if (urgent)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[0] = 1; // expected-warning {{write to 'buf[0]'}}
  if (!urgent)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void ok_conditional_wait(int urgent) {
  int buf[N] = {0};
  MPI_Request req;
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  if (urgent)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  if (!urgent)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[0] = 1;
}

// An early return that leaves a pending send is another check's business
// (lost-request); writes after the return cannot happen on that path.
int ok_early_return(int *data, int n) {
  int buf[N];
  MPI_Request req;
  memcpy(buf, data, sizeof(buf));
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  if (n < 0) {
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    return -1;
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[0] = n;
  return buf[0];
}

// Requests in an array, completed together or one by one.
void bad_array_partial_wait(void) {
  int a[N], b[N];
  MPI_Request reqs[2];
  MPI_Isend(a, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(b, N, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]); // expected-note {{MPI_Isend started here}}
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  a[0] = 1;
  b[0] = 1; // expected-warning {{write to 'b[0]', the send buffer 'b' of a pending MPI_Isend}}
  MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
}

void ok_array_waitall(int neighbours) {
  int out[4][N];
  MPI_Request reqs[4];
  for (int k = 0; k < 4; k++)
    MPI_Isend(out[k], N, MPI_INT, k, 0, MPI_COMM_WORLD, &reqs[k]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  for (int k = 0; k < 4; k++)
    out[k][0] = neighbours;
}

// MPI_Testall polling: the buffers are free only once flag is set.
void bad_testall_poll(void) {
  int a[N], b[N], flag = 0;
  MPI_Request reqs[2];
  MPI_Isend(a, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]); // expected-note {{MPI_Isend started here}}
  MPI_Isend(b, N, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
  if (!flag)
    a[1] = 0; // expected-warning {{write to 'a[1]'}}
  while (!flag)
    MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
}

void ok_testall_poll(void) {
  int a[N], b[N], flag = 0;
  MPI_Request reqs[2];
  MPI_Isend(a, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(b, N, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
  while (!flag)
    MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
  a[1] = b[1] = 0;
}

void ok_test_poll(void) {
  int x = 1, done = 0;
  MPI_Request req;
  MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  do {
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
  } while (!done);
  x = 2;
}

// Persistent sends: pending from MPI_Start to completion only.
void bad_persistent(int rounds) {
  double buf[N];
  MPI_Request req;
  MPI_Send_init(buf, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{the request was created here}}
  for (int r = 0; r < rounds; r++) {
    buf[0] = r;
    MPI_Start(&req); // expected-note {{MPI_Start starts the MPI_Send_init request here; it is not completed on this path}}
    buf[1] = r; // expected-warning {{write to 'buf[1]', the send buffer 'buf' of a pending MPI_Send_init}}
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&req);
}

// memcpy and memset are writes too; a copy out of the buffer is a read.
void bad_memset(void) {
  char msg[64], copy[64];
  MPI_Request req;
  MPI_Isend(msg, 64, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  memcpy(copy, msg, sizeof(msg));
  memset(msg, 0, sizeof(msg)); // expected-warning {{memset() writes 'msg', the send buffer 'msg' of a pending MPI_Isend}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// A pointer to the buffer is the buffer.
void bad_through_pointer(void) {
  int buf[N];
  int *p = buf + 4;
  MPI_Request req;
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  *p = 3; // expected-warning {{write to '*p', the send buffer 'buf' of a pending MPI_Isend}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// A blocking receive into a pending send buffer writes it.
void bad_blocking_recv(void) {
  int buf[N];
  MPI_Request req;
  MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  MPI_Recv(buf + 8, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // expected-warning {{MPI_Recv receives into 'buf + 8', the send buffer 'buf' of a pending MPI_Isend}}
  MPI_Send(buf, N, MPI_INT, 1, 2, MPI_COMM_WORLD); // sending it again only reads it
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Buffers that are parameters: the pointer is the name.
void bad_param_buffer(double *out, int n) {
  MPI_Request req;
  MPI_Isend(out, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  out[0] = 0.0; // expected-warning {{write to 'out[0]'}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// A derived datatype may leave gaps: without its layout nothing is known.
void ok_derived_type(MPI_Datatype column) {
  double grid[N][N];
  MPI_Request req;
  MPI_Isend(&grid[0][0], 1, column, 1, 0, MPI_COMM_WORLD, &req);
  grid[0][1] = 0.0;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// A return code cast to void is not kept.
void bad_void_cast(void) {
  int buf[N];
  MPI_Request req;
  (void)MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  buf[0] = 1; // expected-warning {{write to 'buf[0]'}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// A kept return code: the operation exists where the code was checked.
int bad_checked(void) {
  int buf[N];
  MPI_Request req;
  int rc = MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  if (rc != MPI_SUCCESS)
    return rc;
  buf[0] = 1; // expected-warning {{write to 'buf[0]'}}
  return MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// A kept return code never checked: the call may have failed (with
// MPI_ERRORS_RETURN), so nothing is known.
void ok_unchecked_code(int *log) {
  int buf[N];
  MPI_Request req = MPI_REQUEST_NULL;
  *log = MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  buf[0] = 1;
}
