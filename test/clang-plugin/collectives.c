// Nonblocking and persistent collectives and partitioned requests come from
// the same call table as point-to-point: their requests are checked alike;
// of their buffers, those significant on every rank (MPI_Ibcast's buffer
// is sent by the root and received by the others: only writes conflict).
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>

void bad_ibcast(void) {
  int x[4] = {0}, seen;
  MPI_Request req;
  MPI_Ibcast(x, 4, MPI_INT, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Ibcast started here}}
  seen = x[0]; // a read: allowed at the root, an error elsewhere; not reported
  x[0] = seen; // expected-warning {{write to 'x[0]', a buffer 'x' of a pending MPI_Ibcast; complete the request first [-Wmpisync-send-buffer-write]}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

double bad_iallreduce(double local) {
  double part[2] = {local, 2 * local}, sum[2];
  MPI_Request req;
  MPI_Iallreduce(part, sum, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req); // expected-note 2 {{MPI_Iallreduce started here}}
  part[1] = 0; // expected-warning {{write to 'part[1]', the send buffer 'part' of a pending MPI_Iallreduce}}
  double early = sum[0]; // expected-warning {{read of 'sum[0]', the receive buffer 'sum' of a pending MPI_Iallreduce}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return early + sum[1];
}

double ok_iallreduce_in_place(double local) {
  double v[2] = {local, local};
  MPI_Request req;
  MPI_Iallreduce(MPI_IN_PLACE, v, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return v[0];
}

// The receive buffer of a gather matters at the root only.
void ok_igather_nonroot(int *all, int mine) {
  int dummy[1];
  MPI_Request req;
  MPI_Igather(&mine, 1, MPI_INT, dummy, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
  dummy[0] = 0;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  all[0] = dummy[0];
}

void bad_ibarrier(void) {
  MPI_Request req;
  MPI_Ibarrier(MPI_COMM_WORLD, &req); // expected-note {{MPI_Ibarrier started here}}
} // expected-warning {{request 'req' of a pending MPI_Ibarrier goes out of scope}}

void bad_wait_unstarted_collective(int root) {
  MPI_Request req; // expected-note {{'req' is declared here}}
  if (root)
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE); // expected-warning {{MPI_Wait on request 'req', which was never started or initialized on this path}}
}

// Persistent collectives: pending from MPI_Start.
void bad_persistent_allreduce(int rounds) {
  double in[4] = {0}, out[4];
  MPI_Request req;
  MPI_Allreduce_init(in, out, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req); // expected-note {{the request was created here}}
  for (int r = 0; r < rounds; r++) {
    in[0] = r;
    MPI_Start(&req); // expected-note {{MPI_Start starts the MPI_Allreduce_init request here}}
    double peek = out[0]; // expected-warning {{read of 'out[0]', the receive buffer 'out' of a pending MPI_Allreduce_init}}
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    in[1] = peek;
  }
  MPI_Request_free(&req);
}

// Vector variants place their blocks by displacements: not reported.
void ok_ialltoallv(int *sbuf, const int *counts, const int *displs, int *rbuf) {
  MPI_Request req;
  MPI_Ialltoallv(sbuf, counts, displs, MPI_INT, rbuf, counts, displs, MPI_INT,
                 MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Partitioned sends: partitions are the program's until MPI_Pready.
void ok_partitioned(int parts) {
  double buf[8 * 16];
  MPI_Request req;
  MPI_Psend_init(buf, parts, 16, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
  MPI_Start(&req);
  for (int p = 0; p < parts; p++) {
    buf[p * 16] = p;
    MPI_Pready(p, req);
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Request_free(&req);
}

void bad_partitioned_lost(void) {
  double buf[16];
  MPI_Request req;
  MPI_Psend_init(buf, 1, 16, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req); // expected-note {{the request was created here}}
  MPI_Start(&req); // expected-note {{MPI_Start starts the MPI_Psend_init request here}}
  MPI_Pready(0, req);
} // expected-warning {{request 'req' of a pending MPI_Psend_init goes out of scope}}

// Intercommunicators (test/runtime/coll/intercomm_ibcast_roots.c): in the
// root group the root passes MPI_ROOT, its broadcast buffer is a send
// buffer; the others pass MPI_PROC_NULL and take no part: their buffers
// are theirs. The root's send buffer of a gather or reduce is not used.
void ok_intercomm_ibcast_proc_null(MPI_Comm inter) {
  int data[6] = {0};
  int root = MPI_PROC_NULL;
  MPI_Request req;
  MPI_Ibcast(data, 6, MPI_INT, root, inter, &req);
  data[0] = 100;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void bad_intercomm_ibcast_root(MPI_Comm inter) {
  int data[6] = {0};
  MPI_Request req;
  MPI_Ibcast(data, 6, MPI_INT, MPI_ROOT, inter, &req); // expected-note {{MPI_Ibcast started here}}
  data[5] = 0; // expected-warning {{write to 'data[5]', the send buffer 'data' of a pending MPI_Ibcast}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void intercomm_ibcast_roles(MPI_Comm inter, int rank, int color) {
  int data[6] = {0};
  int root = color == 1 ? 0 : rank == 0 ? MPI_ROOT : MPI_PROC_NULL;
  MPI_Request req;
  MPI_Ibcast(data, 6, MPI_INT, root, inter, &req); // expected-note {{MPI_Ibcast started here}}
  if (color == 0 && rank == 1)
    data[0] = 100; // MPI_PROC_NULL
  if (color == 0 && rank == 0)
    data[5] = 0; // expected-warning {{write to 'data[5]', the send buffer 'data' of a pending MPI_Ibcast}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void ok_intercomm_ireduce_root(MPI_Comm inter, int *sum) {
  int mine[2] = {1, 2};
  MPI_Request req;
  MPI_Ireduce(mine, sum, 2, MPI_INT, MPI_SUM, MPI_ROOT, inter, &req);
  mine[0] = 0;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void bad_ireduce_rank_root(int root, int *sum) {
  int mine[2] = {1, 2};
  MPI_Request req;
  MPI_Ireduce(mine, sum, 2, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD, &req); // expected-note {{MPI_Ireduce started here}}
  mine[0] = 0; // expected-warning {{write to 'mine[0]', the send buffer 'mine' of a pending MPI_Ireduce}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}
