// -Wmpisync-stack-buffer-out-of-scope: a stack buffer of an operation goes
// out of scope (the function returns, or its block ends) on a path where
// the operation was not completed, whether or not the request escapes.
// Each bad_* function has a correct twin ok_*.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>

// The request escapes to the caller; the buffer does not survive.
void bad_start_send(int value, MPI_Request *req) {
  int local[4] = {value, value + 1, value + 2, value + 3};
  MPI_Isend(local, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, req); // expected-note {{MPI_Isend started here; it is not completed on this path}}
} // expected-warning {{stack buffer 'local' goes out of scope while the MPI_Isend using it is not completed [-Wmpisync-stack-buffer-out-of-scope]}}

void ok_start_send(int value, MPI_Request *req) {
  int local[4] = {value, value + 1, value + 2, value + 3};
  MPI_Isend(local, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, req);
  MPI_Wait(req, MPI_STATUS_IGNORE);
}

// The same, with a heap or static buffer: nothing goes out of scope.
static int shared[4];
void ok_static_buffer(MPI_Request *req) {
  MPI_Isend(shared, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, req);
}

MPI_Request bad_returned_request(int from) {
  int buf[16];
  MPI_Request req;
  MPI_Irecv(buf, 16, MPI_INT, from, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  return req; // expected-warning {{stack buffer 'buf' goes out of scope while the MPI_Irecv using it is not completed}}
}

// An early return on one path only.
int bad_early_return(int from, int give_up) {
  int x = 0;
  MPI_Request req;
  MPI_Irecv(&x, 1, MPI_INT, from, 0, MPI_COMM_WORLD, &req); // expected-note 2 {{MPI_Irecv started here}}
  if (give_up)
    return -1; // expected-warning {{stack buffer 'x' goes out of scope}} expected-warning {{request 'req' of a pending MPI_Irecv goes out of scope}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return x;
}

// A block-scoped buffer that ends before the wait.
void bad_block_scope(void) {
  MPI_Request req;
  {
    int tmp[8] = {0};
    MPI_Isend(tmp, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  } // expected-warning {{stack buffer 'tmp' goes out of scope}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void ok_block_scope(void) {
  MPI_Request req;
  {
    int tmp[8] = {0};
    MPI_Isend(tmp, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

// Completed by MPI_Testall polling before the return.
void ok_testall(void) {
  double a[4], b[4];
  int done = 0;
  MPI_Request reqs[2];
  MPI_Irecv(a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(b, 4, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &reqs[1]);
  while (!done)
    MPI_Testall(2, reqs, &done, MPI_STATUSES_IGNORE);
}

void bad_testall_once(MPI_Request *req) {
  double a[4];
  int done = 0;
  MPI_Irecv(a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, req); // expected-note {{MPI_Irecv started here}}
  MPI_Testall(1, req, &done, MPI_STATUSES_IGNORE);
  if (!done)
    return; // expected-warning {{stack buffer 'a' goes out of scope}}
  a[0] = 0;
}

// MPI_Request_free of an active request: when it completes is not known
// here (the program may learn it from a reply), so nothing is reported.
void ok_freed(void) {
  double a[4] = {0};
  MPI_Request req;
  MPI_Isend(a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Request_free(&req);
  MPI_Recv(a, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

// Handed to a function that may complete it: not known, not reported.
void complete_later(MPI_Request *req);
void ok_handed_over(void) {
  int buf[4];
  MPI_Request req;
  MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  complete_later(&req);
}
