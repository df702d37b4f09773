// Correct programs whose CFG has paths that cannot run: branches on the
// same rank, a test's flag, a return code, a loop counter. The analysis
// follows only the paths the facts allow, so none of them is reported.
// RUN: %clang_cc_plugin -Xclang -verify %s
// expected-no-diagnostics
#include <mpi.h>
#include <stdlib.h>

#define N 32

static int g_rank, g_size;
static double field[N];

void setup(void) {
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
}

void compute(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] *= 0.5;
}

void rank_branches(void) {
  int rank, buf[N];
  MPI_Request req;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Isend(buf, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  else if (rank == 1)
    MPI_Irecv(buf, N, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
  if (rank == 1 || rank == 0)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[0] = rank;
}

void parity(int rank) {
  int buf[N];
  MPI_Request req;
  int even = rank % 2 == 0;
  if (even)
    MPI_Isend(buf, N, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &req);
  else
    MPI_Irecv(buf, N, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &req);
  if (rank % 2 == 0) {
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[0] = 1;
  } else {
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

void global_rank(void) {
  static double out[N];
  MPI_Request req;
  if (g_rank == 0)
    MPI_Isend(out, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
  compute(field, N); // writes neither g_rank nor out
  if (g_rank == 0)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  out[0] = 1.0;
}

void neighbours(int left, int right) {
  double lo[N], hi[N];
  MPI_Request reqs[2];
  if (left != MPI_PROC_NULL)
    MPI_Irecv(lo, N, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
  if (right != MPI_PROC_NULL)
    MPI_Irecv(hi, N, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[1]);
  if (left != MPI_PROC_NULL)
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  if (right != MPI_PROC_NULL)
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
  lo[0] = hi[0];
}

void role_switch(int role) {
  int buf[4];
  MPI_Request req = MPI_REQUEST_NULL;
  switch (role) {
  case 0:
    MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    break;
  case 1:
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    break;
  default:
    return;
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[1] = role;
}

int return_codes(int peer) {
  int buf[4];
  MPI_Request req;
  if (MPI_Irecv(buf, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &req) != MPI_SUCCESS)
    return -1;
  int rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
  if (rc != MPI_SUCCESS)
    return -2;
  return buf[0];
}

int return_code_variable(int peer) {
  int buf[4];
  MPI_Request req;
  int rc = MPI_Isend(buf, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &req);
  if (rc != MPI_SUCCESS)
    goto fail;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return 0;
fail:
  return rc;
}

// Six faces received, six sent, all completed at once (stencil codes).
void faces(double *u, double *recvbuf[6], double *sendbuf[6], const int nbr[6],
           int n, MPI_Comm cart) {
  MPI_Request req[12];
  for (int f = 0; f < 6; f++)
    MPI_Irecv(recvbuf[f], n, MPI_DOUBLE, nbr[f], f ^ 1, cart, &req[f]);
  for (int f = 0; f < 6; f++)
    MPI_Isend(sendbuf[f], n, MPI_DOUBLE, nbr[f], f, cart, &req[6 + f]);
  compute(u, n);
  MPI_Waitall(12, req, MPI_STATUSES_IGNORE);
  for (int f = 0; f < 6; f++)
    recvbuf[f][0] = sendbuf[f][0] = 0;
}

// Neighbour lists of any length: the count is the same variable.
void neighbour_list(int nnb, const int *nb, double (*inbox)[N]) {
  MPI_Request *reqs = malloc(nnb * sizeof(MPI_Request));
  int nreq = 0;
  for (int k = 0; k < nnb; k++)
    if (nb[k] >= 0)
      MPI_Irecv(inbox[k], N, MPI_DOUBLE, nb[k], 0, MPI_COMM_WORLD, &reqs[nreq++]);
  MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE);
  free(reqs);
}

// Whichever completes first is processed first.
double first_come(int n, double (*inbox)[N]) {
  MPI_Request reqs[4];
  double sum = 0;
  for (int k = 0; k < 4; k++)
    MPI_Irecv(inbox[k], N, MPI_DOUBLE, k, 0, MPI_COMM_WORLD, &reqs[k]);
  for (int done = 0; done < 4; done++) {
    int index;
    MPI_Waitany(4, reqs, &index, MPI_STATUS_IGNORE);
    sum += inbox[index][0];
  }
  return sum + n;
}

// Polling while computing, in the three usual shapes.
double poll_while_computing(void) {
  double in[N], acc = 0;
  int flag = 0, done = 0, ready = 0;
  MPI_Request r1, r2, r3;
  MPI_Irecv(in, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r1);
  while (!flag) {
    compute(field, N);
    MPI_Test(&r1, &flag, MPI_STATUS_IGNORE);
  }
  acc += in[0];
  MPI_Irecv(in, N, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &r2);
  do {
    MPI_Testall(1, &r2, &done, MPI_STATUSES_IGNORE);
  } while (!done);
  acc += in[1];
  MPI_Irecv(in, N, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, &r3);
  for (;;) {
    MPI_Test(&r3, &ready, MPI_STATUS_IGNORE);
    if (ready)
      break;
  }
  return acc + in[2];
}

// Interior work while the halo cells are in flight, then the halo.
void overlap(double *u, int n, int left, int right) {
  MPI_Request reqs[4];
  MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &reqs[1]);
  MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &reqs[2]);
  MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[3]);
  double interior = 0;
  for (int i = 2; i < n; i++)
    interior += u[i];
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  u[0] = u[n + 1] = interior;
}

// Buffers swapped after each exchange.
void swap_buffers(double *a, double *b, int iters) {
  double *cur = a, *next = b;
  for (int it = 0; it < iters; it++) {
    MPI_Request req;
    MPI_Isend(cur, N, MPI_DOUBLE, 1, it, MPI_COMM_WORLD, &req);
    for (int i = 0; i < N; i++)
      next[i] = 2 * i;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    double *t = cur;
    cur = next;
    next = t;
  }
}

// Requests in a struct.
struct halo {
  MPI_Request reqs[2];
  double in[N], out[N];
};
void struct_requests(struct halo *h, int peer) {
  MPI_Irecv(h->in, N, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &h->reqs[0]);
  MPI_Isend(h->out, N, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &h->reqs[1]);
  MPI_Waitall(2, h->reqs, MPI_STATUSES_IGNORE);
  h->out[0] = h->in[0];
}

// The first iteration posts, later ones wait for the previous round.
void pipeline(int rounds) {
  static double buf[2][N];
  MPI_Request req;
  for (int r = 0; r < rounds; r++) {
    if (r > 0)
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    buf[r % 2][0] = r;
    MPI_Isend(buf[r % 2], N, MPI_DOUBLE, 1, r, MPI_COMM_WORLD, &req);
  }
  if (rounds > 0)
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

// Collectives: a nonblocking reduction overlapped with independent work.
double allreduce_overlap(const double *local, int n) {
  double sum[4], part[4], other = 0;
  MPI_Request req;
  for (int i = 0; i < 4; i++)
    part[i] = local[i];
  MPI_Iallreduce(part, sum, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
  for (int i = 4; i < n; i++)
    other += local[i];
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  part[0] = sum[0];
  return part[0] + other;
}

// A window of requests filled by a loop longer than the unrolling: after
// widening, which elements were stored is not known, so nothing is said.
void window(char *buf, int size) {
  MPI_Request request[64];
  for (int j = 0; j < 64; j++)
    MPI_Isend(buf, size, MPI_CHAR, 1, 100, MPI_COMM_WORLD, request + j);
  MPI_Waitall(64, request, MPI_STATUSES_IGNORE);
}

// "i + 1 < n" then "i++" then "i < n": the next receive is posted only
// when there is a next iteration to wait for it.
int prefetch(int n) {
  static int chunk[2][8];
  MPI_Request rreq = MPI_REQUEST_NULL;
  int cur = 0, sum = 0;
  if (n > 0)
    MPI_Irecv(chunk[cur], 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &rreq);
  for (int i = 0; i < n; i++) {
    MPI_Wait(&rreq, MPI_STATUS_IGNORE);
    if (i + 1 < n)
      MPI_Irecv(chunk[1 - cur], 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &rreq);
    sum += chunk[cur][0];
    cur = 1 - cur;
  }
  return sum;
}
