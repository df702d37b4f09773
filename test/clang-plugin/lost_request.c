// -Wmpisync-lost-request: the only handle of a started, uncompleted request
// is overwritten or goes out of scope on some path. Each bad_* function has
// a correct twin ok_*.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>

static int in[4], out[4];

void bad_overwrite(void) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  MPI_Isend(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-warning {{request 'req' of a pending MPI_Irecv is overwritten before the request is completed; the operation can no longer be waited for [-Wmpisync-lost-request]}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void bad_assign_null(void) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  req = MPI_REQUEST_NULL; // expected-warning {{request 'req' of a pending MPI_Irecv is overwritten}}
}

void ok_overwrite_after_wait(void) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Isend(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  req = MPI_REQUEST_NULL;
}

// A loop that starts a request per iteration and never completes it.
void bad_loop(int n) {
  for (int i = 0; i < n; i++) {
    MPI_Request req;
    MPI_Isend(out, 4, MPI_INT, 0, i, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  } // expected-warning {{request 'req' of a pending MPI_Isend goes out of scope before the request is completed}}
}

void ok_loop(int n) {
  for (int i = 0; i < n; i++) {
    MPI_Request req;
    MPI_Isend(out, 4, MPI_INT, 0, i, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

// The early return leaves the receive behind.
int bad_early_return(int check) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
  if (check < 0)
    return -1; // expected-warning {{request 'req' of a pending MPI_Irecv goes out of scope}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return in[0];
}

int ok_early_return(int check) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  if (check < 0) {
    MPI_Cancel(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    return -1;
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return in[0];
}

// Requests in an array: an element still pending when the array dies.
void bad_array(void) {
  MPI_Request reqs[3];
  MPI_Irecv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(in + 2, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Isend(out, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[2]); // expected-note {{MPI_Isend started here}}
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
} // expected-warning {{request 'reqs[2]' of a pending MPI_Isend goes out of scope}}

void ok_array(void) {
  MPI_Request reqs[3];
  MPI_Irecv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(in + 2, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Isend(out, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[2]);
  MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
}

// A counted array of requests, filled on some paths (nreq++).
void ok_counted(int left, int right) {
  MPI_Request reqs[2];
  int nreq = 0;
  if (left >= 0)
    MPI_Irecv(in, 2, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[nreq++]);
  if (right >= 0)
    MPI_Irecv(in + 2, 2, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[nreq++]);
  MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE);
}

// Handing the request to someone else is not losing it.
MPI_Request ok_returned(void) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  return req;
}

void finish(MPI_Request *req);
void ok_passed_on(void) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  finish(&req);
}

void ok_out_param(MPI_Request *out_req) {
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, out_req);
}

struct exchange {
  MPI_Request req;
};
void ok_stored(struct exchange *x) {
  MPI_Request req;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  x->req = req;
}

// MPI_Request_free gives the request up on purpose.
void ok_freed(void) {
  MPI_Request req;
  MPI_Isend(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Request_free(&req);
}

// A copy still names the operation.
void ok_copy(void) {
  MPI_Request req, keep;
  MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  keep = req;
  MPI_Isend(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&keep, MPI_STATUS_IGNORE);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Double buffering: the previous round's request is completed first.
void ok_double_buffering(int rounds) {
  static double buf[2][64];
  MPI_Request req = MPI_REQUEST_NULL;
  for (int r = 0; r < rounds; r++) {
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Isend(buf[r % 2], 64, MPI_DOUBLE, 1, r, MPI_COMM_WORLD, &req);
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Persistent requests: inactive ones are not pending.
void ok_persistent(int rounds) {
  MPI_Request req;
  MPI_Recv_init(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  for (int r = 0; r < rounds; r++) {
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&req);
}

void bad_persistent(void) {
  MPI_Request req;
  MPI_Recv_init(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{the request was created here}}
  MPI_Start(&req); // expected-note {{MPI_Start starts the MPI_Recv_init request here}}
} // expected-warning {{request 'req' of a pending MPI_Recv_init goes out of scope}}
