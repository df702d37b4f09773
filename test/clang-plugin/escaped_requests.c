// A request whose handle other code can reach (a global, a static local,
// memory behind a pointer, a copy stored there) escapes: another function
// or thread may complete it at any time, so its buffers are not checked
// from the moment it escapes, and it is never lost. The stack buffer of an
// escaped request is still reported when the function returns without
// anything that could tell it the request completed elsewhere (an atomic
// load, a volatile flag, a lock, a system call). Twins: the same with a
// request the function keeps to itself.
// RUN: %clang_cc_plugin -Xclang -verify %s
#include <mpi.h>
#include <sched.h>
#include <stdatomic.h>

#define SLOTS 4
#define N 32

// test/runtime/threads/handoff_stress_ok.c: a poster thread starts
// exchanges into global slots; a completer thread completes them.
static int out[SLOTS][N], in[SLOTS][N];
static MPI_Request reqs[SLOTS][2];
static atomic_int state[SLOTS];

void ok_global_request_array(int rounds, int peer) {
  for (int r = 0; r < rounds; r++) {
    int s = r % SLOTS;
    while (atomic_load_explicit(&state[s], memory_order_acquire) != 0)
      sched_yield();
    for (int i = 0; i < N; i++)
      out[s][i] = r * N + i;
    MPI_Irecv(in[s], N, MPI_INT, peer, r, MPI_COMM_WORLD, &reqs[s][0]);
    MPI_Isend(out[s], N, MPI_INT, peer, r, MPI_COMM_WORLD, &reqs[s][1]);
    atomic_store_explicit(&state[s], 1, memory_order_release);
  }
}

static MPI_Request g_req;
static int g_buf[N];
void ok_global_request(int peer) {
  MPI_Isend(g_buf, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &g_req);
  g_buf[0] = 1; // g_req may be completed by now, elsewhere: not reported
}

void ok_static_local_request(int peer) {
  static MPI_Request req;
  static int buf[N];
  MPI_Irecv(buf, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &req);
  buf[0] = 1;
}

struct exchange {
  MPI_Request req;
  int in[N];
};
int ok_member_through_pointer(struct exchange *x, int peer) {
  MPI_Irecv(x->in, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &x->req);
  return x->in[0];
}

int ok_out_parameter(MPI_Request *req, int peer) {
  MPI_Irecv(g_buf, N, MPI_INT, peer, 0, MPI_COMM_WORLD, req);
  return g_buf[0];
}

// A copy of a local request stored in a global escapes from there on.
void ok_copy_escapes(int peer) {
  MPI_Request req;
  MPI_Isend(g_buf, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &req);
  g_req = req;
  g_buf[0] = 1;
}

// Twins: a request the function keeps.
void bad_local_request(int peer) {
  MPI_Request req;
  MPI_Isend(g_buf, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  g_buf[0] = 1; // expected-warning {{write to 'g_buf[0]', the send buffer 'g_buf' of a pending MPI_Isend}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

void bad_before_escape(int peer) {
  MPI_Request req;
  MPI_Isend(g_buf, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  g_buf[0] = 1; // expected-warning {{write to 'g_buf[0]', the send buffer 'g_buf' of a pending MPI_Isend}}
  g_req = req;
}

void bad_local_request_array(int peer) {
  MPI_Request rq[2];
  MPI_Irecv(in[0], N, MPI_INT, peer, 0, MPI_COMM_WORLD, &rq[0]); // expected-note {{MPI_Irecv started here}}
  MPI_Isend(out[0], N, MPI_INT, peer, 0, MPI_COMM_WORLD, &rq[1]); // expected-note {{MPI_Isend started here}}
  out[0][1] = 2; // expected-warning {{write to 'out[0][1]', the send buffer 'out[0]' of a pending MPI_Isend}}
  int early = in[0][0]; // expected-warning {{read of 'in[0][0]', the receive buffer 'in[0]' of a pending MPI_Irecv}}
  MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
  (void)early;
}

// Stack buffers of escaped requests.
static atomic_int done;
static volatile int vdone;
void bad_stack_buffer_global_request(int peer) {
  int local[N] = {0};
  MPI_Isend(local, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &g_req); // expected-note {{MPI_Isend started here}}
} // expected-warning {{stack buffer 'local' goes out of scope while the MPI_Isend using it is not completed}}

// Another thread completes g_req and then sets the flag.
void ok_stack_buffer_atomic_flag(int peer) {
  int local[N] = {0};
  MPI_Isend(local, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &g_req);
  while (!atomic_load(&done))
    ;
}

void ok_stack_buffer_volatile_flag(int peer) {
  int local[N] = {0};
  MPI_Isend(local, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &g_req);
  while (!vdone)
    ;
}

void ok_stack_buffer_system_call(int peer) {
  int local[N] = {0};
  MPI_Isend(local, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &g_req);
  sched_yield();
}

// A local request: what another thread does cannot complete it.
void bad_stack_buffer_local_request(int peer) {
  int local[N] = {0};
  MPI_Request req;
  MPI_Isend(local, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &req); // expected-note 2 {{MPI_Isend started here}}
  while (!atomic_load(&done))
    ;
} // expected-warning {{stack buffer 'local' goes out of scope}} expected-warning {{request 'req' of a pending MPI_Isend goes out of scope}}
