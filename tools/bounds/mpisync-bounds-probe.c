/* One test of mpisync-bounds (docs/scaling-guard.md): runs one collective
 * once with n elements of an s-byte datatype per process on the processes
 * of MPI_COMM_WORLD, checks every received byte against what the standard
 * says, and reports on stdout (rank 0):
 *
 *   ok SECONDS        the call returned and the data is right
 *   wrong RANK        a byte differs on RANK (exit status 3)
 *
 * A crash or a hang is seen by the driver (exit status, timeout).
 *
 *   mpiexec -n P mpisync-bounds-probe COLLECTIVE S N [SIMULATE]
 *
 * SIMULATE (tests of the driver only) makes the probe fail as a library
 * bug would: KIND:CLASS:LIMIT with KIND crash, hang or wrong and CLASS
 * elements (n*P > LIMIT), bytes (s*n*P > LIMIT), count (n > LIMIT) or
 * countS (n > LIMIT when s == S).
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, size;

static MPI_Datatype type_of_size(int s) {
  switch (s) {
  case 1:
    return MPI_CHAR;
  case 2:
    return MPI_SHORT;
  case 4:
    return MPI_INT;
  case 8:
    return MPI_DOUBLE;
  default: {
    MPI_Datatype t;
    MPI_Type_contiguous(s, MPI_CHAR, &t);
    MPI_Type_commit(&t);
    return t;
  }
  }
}

/* The byte at offset i of rank r's message. */
static unsigned char pattern(int r, size_t i) {
  return (unsigned char)(r * 131 + i * 7 + (i >> 12));
}

static void fill(unsigned char *p, int r, size_t bytes) {
  for (size_t i = 0; i < bytes; i++)
    p[i] = pattern(r, i);
}

static long first_wrong(const unsigned char *p, int r, size_t bytes) {
  for (size_t i = 0; i < bytes; i++)
    if (p[i] != pattern(r, i))
      return (long)i;
  return -1;
}

static void *alloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "mpisync-bounds-probe: cannot allocate %zu bytes\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 4);
  }
  return p;
}

/* Runs the collective; returns the offset of the first wrong byte in this
 * process's result, or -1. */
static long run(const char *coll, int s, long n) {
  MPI_Datatype t = type_of_size(s);
  size_t msg = (size_t)s * n, global = msg * size;
  long bad = -1;
  MPI_Request req;
  int nb = coll[4] == 'I';
  const char *base = nb ? coll + 5 : coll + 4; /* "Gather", "gather" */
  if (!strcasecmp(base, "bcast")) {
    unsigned char *buf = alloc(msg);
    if (rank == 0)
      fill(buf, 0, msg);
    else
      memset(buf, 0, msg);
    if (nb) {
      MPI_Ibcast(buf, n, t, 0, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Bcast(buf, n, t, 0, MPI_COMM_WORLD);
    }
    bad = first_wrong(buf, 0, msg);
    free(buf);
  } else if (!strcasecmp(base, "gather") || !strcasecmp(base, "allgather")) {
    int all = base[0] == 'a' || base[0] == 'A';
    unsigned char *mine = alloc(msg);
    unsigned char *out = rank == 0 || all ? alloc(global) : NULL;
    fill(mine, rank, msg);
    if (all && nb) {
      MPI_Iallgather(mine, n, t, out, n, t, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (all) {
      MPI_Allgather(mine, n, t, out, n, t, MPI_COMM_WORLD);
    } else if (nb) {
      MPI_Igather(mine, n, t, out, n, t, 0, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Gather(mine, n, t, out, n, t, 0, MPI_COMM_WORLD);
    }
    for (int r = 0; out && r < size && bad < 0; r++) {
      long at = first_wrong(out + (size_t)r * msg, r, msg);
      if (at >= 0)
        bad = (long)((size_t)r * msg) + at;
    }
    free(mine);
    free(out);
  } else if (!strcasecmp(base, "scatter")) {
    unsigned char *all = rank == 0 ? alloc(global) : NULL;
    unsigned char *mine = alloc(msg);
    for (int r = 0; all && r < size; r++)
      fill(all + (size_t)r * msg, r, msg);
    if (nb) {
      MPI_Iscatter(all, n, t, mine, n, t, 0, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Scatter(all, n, t, mine, n, t, 0, MPI_COMM_WORLD);
    }
    bad = first_wrong(mine, rank, msg);
    free(all);
    free(mine);
  } else if (!strcasecmp(base, "alltoall")) {
    unsigned char *out = alloc(global), *in = alloc(global);
    for (int r = 0; r < size; r++)
      fill(out + (size_t)r * msg, rank * size + r, msg);
    if (nb) {
      MPI_Ialltoall(out, n, t, in, n, t, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Alltoall(out, n, t, in, n, t, MPI_COMM_WORLD);
    }
    for (int r = 0; r < size && bad < 0; r++) {
      long at = first_wrong(in + (size_t)r * msg, r * size + rank, msg);
      if (at >= 0)
        bad = (long)((size_t)r * msg) + at;
    }
    free(out);
    free(in);
  } else if (!strcasecmp(base, "reduce") || !strcasecmp(base, "allreduce")) {
    int all = base[0] == 'a' || base[0] == 'A';
    /* MPI_BOR on an unsigned type of s bytes: the root contributes the
     * pattern, the others 0. */
    MPI_Datatype ut = s == 1   ? MPI_UNSIGNED_CHAR
                      : s == 2 ? MPI_UNSIGNED_SHORT
                      : s == 4 ? MPI_UNSIGNED
                      : s == 8 ? MPI_UNSIGNED_LONG
                               : MPI_DATATYPE_NULL;
    if (ut == MPI_DATATYPE_NULL) {
      if (rank == 0)
        fprintf(stderr,
                "mpisync-bounds-probe: reductions take s = 1, 2, 4 or 8\n");
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    unsigned char *in = alloc(msg), *out = alloc(msg);
    if (rank == 0)
      fill(in, 0, msg);
    else
      memset(in, 0, msg);
    memset(out, 0, msg);
    if (all && nb) {
      MPI_Iallreduce(in, out, n, ut, MPI_BOR, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (all) {
      MPI_Allreduce(in, out, n, ut, MPI_BOR, MPI_COMM_WORLD);
    } else if (nb) {
      MPI_Ireduce(in, out, n, ut, MPI_BOR, 0, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Reduce(in, out, n, ut, MPI_BOR, 0, MPI_COMM_WORLD);
    }
    if (rank == 0 || all)
      bad = first_wrong(out, 0, msg);
    free(in);
    free(out);
  } else {
    if (rank == 0)
      fprintf(stderr, "mpisync-bounds-probe: unknown collective %s\n", coll);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return bad;
}

/* The simulated library bug of the driver's tests. */
static void simulate(const char *spec, int s, long n) {
  char kind[16], cls[16];
  long limit = 0;
  if (!spec || sscanf(spec, "%15[a-z]:%15[a-z0-9]:%ld", kind, cls, &limit) != 3)
    return;
  int hit = 0;
  if (!strcmp(cls, "elements"))
    hit = n * size > limit;
  else if (!strcmp(cls, "bytes"))
    hit = (long)s * n * size > limit;
  else if (!strcmp(cls, "count"))
    hit = n > limit;
  else if (!strncmp(cls, "count", 5))
    hit = s == atoi(cls + 5) && n > limit;
  if (!hit)
    return;
  if (!strcmp(kind, "crash"))
    abort();
  if (!strcmp(kind, "hang"))
    for (;;)
      sleep(1);
  if (!strcmp(kind, "wrong")) {
    if (rank == 0)
      printf("wrong 0\n");
    MPI_Finalize();
    exit(3);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 4) {
    if (rank == 0)
      fprintf(stderr,
              "usage: mpisync-bounds-probe COLLECTIVE S N [SIMULATE]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const char *coll = argv[1];
  int s = atoi(argv[2]);
  long n = atol(argv[3]);
  if (strncmp(coll, "MPI_", 4) || s <= 0 || n < 0 || n > INT32_MAX) {
    if (rank == 0)
      fprintf(stderr, "mpisync-bounds-probe: bad arguments\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  double t0 = MPI_Wtime();
  long bad = run(coll, s, n);
  simulate(argc > 4 ? argv[4] : NULL, s, n);
  double t = MPI_Wtime() - t0;
  /* The last process that saw a wrong byte, if any. */
  int wrong_rank = bad >= 0 ? rank : -1, worst = -1;
  MPI_Allreduce(&wrong_rank, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (bad >= 0)
    fprintf(stderr, "mpisync-bounds-probe: rank %d: byte %ld wrong\n", rank,
            bad);
  if (rank == 0) {
    if (worst >= 0)
      printf("wrong %d\n", worst);
    else
      printf("ok %.6f\n", t);
  }
  MPI_Finalize();
  return worst >= 0 ? 3 : 0;
}
