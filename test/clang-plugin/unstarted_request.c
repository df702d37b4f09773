// -Wmpisync-unstarted-request: a request is completed (waited, tested) on a
// path where it was never started or initialized. Each bad_* function has a
// correct twin ok_*.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>

static int buf[4];

void bad_uninitialized(int rank) {
  MPI_Request req; // expected-note {{'req' is declared here; initialize it with MPI_REQUEST_NULL if it is not always started}}
  if (rank == 0)
    MPI_Irecv(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE); // expected-warning {{MPI_Wait on request 'req', which was never started or initialized on this path [-Wmpisync-unstarted-request]}}
}

void ok_null_initialized(int rank) {
  MPI_Request req = MPI_REQUEST_NULL;
  if (rank == 0)
    MPI_Irecv(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// The same condition twice: no path starts without waiting or waits
// without starting.
void ok_correlated(int rank) {
  MPI_Request req;
  if (rank == 0)
    MPI_Irecv(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  if (rank == 0)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Arrays: every element waited for must hold a request.
void bad_array(int rank, int size) {
  MPI_Request reqs[2]; // expected-note {{'reqs' is declared here}}
  if (rank > 0)
    MPI_Irecv(buf, 2, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &reqs[0]);
  if (rank < size - 1)
    MPI_Irecv(buf + 2, 2, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE); // expected-warning {{MPI_Waitall on request 'reqs[0]', which was never started or initialized on this path}}
}

void ok_array(int rank, int size) {
  MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  if (rank > 0)
    MPI_Irecv(buf, 2, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &reqs[0]);
  if (rank < size - 1)
    MPI_Irecv(buf + 2, 2, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

// A loop that fills all elements before the wait.
void ok_array_loop(void) {
  MPI_Request reqs[4];
  for (int k = 0; k < 4; k++)
    MPI_Irecv(buf + k, 1, MPI_INT, k, 0, MPI_COMM_WORLD, &reqs[k]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
}

// Waiting on a persistent request that is not started yet is legal (MPI
// 4.1 3.7.3: it returns at once with an empty status): no warning.
void ok_persistent_not_started(void) {
  MPI_Request req;
  MPI_Recv_init(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Start(&req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Request_free(&req);
}

void ok_persistent(int rounds) {
  MPI_Request reqs[2];
  MPI_Recv_init(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Send_init(buf + 2, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[1]);
  for (int r = 0; r < rounds; r++) {
    MPI_Startall(2, reqs);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  }
  MPI_Request_free(&reqs[0]);
  MPI_Request_free(&reqs[1]);
}

// Waiting again on an inactive request that was started is a no-op.
void ok_persistent_wait_twice(void) {
  MPI_Request req;
  MPI_Send_init(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Start(&req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Request_free(&req);
}

// A loop may run zero times: then the wait after it finds the persistent
// request inactive, which is legal (it returns at once): no warning.
void ok_zero_trip(int rounds) {
  MPI_Request req;
  MPI_Send_init(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  for (int r = 0; r < rounds; r++) {
    MPI_Start(&req);
    if (r == rounds - 1)
      break; // the last round is completed after the loop
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Request_free(&req);
}

// MPI_Test on a request that is not there yet.
void bad_test(int ready) {
  MPI_Request req; // expected-note {{'req' is declared here}}
  int flag;
  if (ready)
    MPI_Isend(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  MPI_Test(&req, &flag, MPI_STATUS_IGNORE); // expected-warning {{MPI_Test on request 'req', which was never started or initialized on this path}}
  if (!flag)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// The request comes from the caller: nothing is known about it.
void ok_parameter(MPI_Request *req) { MPI_Wait(req, MPI_STATUS_IGNORE); }
