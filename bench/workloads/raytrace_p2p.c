/* raytrace_p2p: a ray tracer whose image rows arrive while it traces.
 *
 * Models renderers like tachyon (and any code that computes through
 * pointer-linked data while a receive stays pending for the whole phase),
 * which ran 2.7x under MPISync when bench/ said 1.1x (docs/performance.md,
 * "Public applications"):
 *   - the scene is a linked list of objects allocated one by one from the
 *     program's own arena, which also holds the image that MPI writes into,
 *     so the objects are memory MPI may see and their accesses are checked;
 *     each object carries function pointers for its intersection test and
 *     normal, so tracing is straight-line pointer chasing with no loop whose
 *     checks could be hoisted;
 *   - rows are dealt round-robin; rank 0 starts a persistent receive for
 *     every row another rank renders (MPI_Recv_init once, MPI_Startall per
 *     frame) before tracing its own rows, polls them with MPI_Testsome
 *     between rows and completes the rest with MPI_Waitall at the end of the
 *     frame: a receive into the image is pending during all of rank 0's
 *     tracing. The other ranks send each row when it is done (MPI_Isend,
 *     MPI_Waitall at the end of the frame).
 *
 *   raytrace_p2p [W [H [OBJECTS [FRAMES]]]]   image W x H (default 512 x
 *       512), OBJECTS spheres above a plane (default 96), FRAMES frames with
 *       the camera moving (default 4)
 *
 * Output (rank 0): "checksum: <hash of the last image's bits> <lit pixels>"
 * (the same for any rank count: every pixel is computed the same way
 * wherever it is traced). */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double x, y, z;
} vec;

static vec add(vec a, vec b) { return (vec){a.x + b.x, a.y + b.y, a.z + b.z}; }
static vec sub(vec a, vec b) { return (vec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static vec scale(vec a, double s) { return (vec){a.x * s, a.y * s, a.z * s}; }
static double dot(vec a, vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec unit(vec a) { return scale(a, 1.0 / sqrt(dot(a, a))); }

typedef struct {
  vec o, d;
} ray;

struct object;
typedef int (*intersect_fn)(const struct object *, const ray *, double *);
typedef vec (*normal_fn)(const struct object *, vec);

struct object {
  intersect_fn intersect;
  normal_fn normal;
  vec center;    /* sphere centre, or a point of the plane */
  vec axis;      /* plane normal */
  double radius; /* sphere radius */
  vec color;
  double reflect;
  struct object *next;
};

static int sphere_intersect(const struct object *s, const ray *r, double *t) {
  vec oc = sub(r->o, s->center);
  double b = dot(oc, r->d), c = dot(oc, oc) - s->radius * s->radius;
  double disc = b * b - c;
  if (disc < 0)
    return 0;
  double root = sqrt(disc), t0 = -b - root;
  if (t0 < 1e-6)
    t0 = -b + root;
  if (t0 < 1e-6)
    return 0;
  *t = t0;
  return 1;
}

static vec sphere_normal(const struct object *s, vec p) {
  return unit(sub(p, s->center));
}

static int plane_intersect(const struct object *p, const ray *r, double *t) {
  double den = dot(p->axis, r->d);
  if (fabs(den) < 1e-9)
    return 0;
  double t0 = dot(sub(p->center, r->o), p->axis) / den;
  if (t0 < 1e-6)
    return 0;
  *t = t0;
  return 1;
}

static vec plane_normal(const struct object *p, vec at) {
  (void)at;
  return p->axis;
}

/* The program's arena: scene objects and the image come from it. */
static char *arena;
static size_t arena_used, arena_size;

static void *arena_alloc(size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (arena_used + n > arena_size) {
    fprintf(stderr, "raytrace_p2p: arena exhausted\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  void *p = arena + arena_used;
  arena_used += n;
  return p;
}

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

static double unit_random(uint64_t seed) {
  return (double)(mix(seed) >> 11) / 9007199254740992.0;
}

static struct object *new_object(struct object *list) {
  struct object *o = arena_alloc(sizeof(*o));
  memset(o, 0, sizeof(*o));
  o->next = list;
  return o;
}

static struct object *build_scene(int objects) {
  struct object *list = new_object(NULL);
  list->intersect = plane_intersect;
  list->normal = plane_normal;
  list->center = (vec){0, -1, 0};
  list->axis = (vec){0, 1, 0};
  list->color = (vec){0.6, 0.6, 0.5};
  list->reflect = 0.2;
  for (int i = 0; i < objects; i++) {
    struct object *s = new_object(list);
    s->intersect = sphere_intersect;
    s->normal = sphere_normal;
    s->center =
        (vec){8 * unit_random(4 * i) - 4, 2 * unit_random(4 * i + 1) - 0.7,
              8 * unit_random(4 * i + 2) + 3};
    s->radius = 0.15 + 0.35 * unit_random(4 * i + 3);
    s->color = (vec){unit_random(7 * i), unit_random(7 * i + 1),
                     unit_random(7 * i + 2)};
    s->reflect = 0.4 * unit_random(7 * i + 3);
    list = s;
  }
  return list;
}

static const struct object *nearest(const struct object *list, const ray *r,
                                    double *t) {
  const struct object *hit = NULL;
  double best = 1e30, d;
  for (const struct object *o = list; o; o = o->next)
    if (o->intersect(o, r, &d) && d < best) {
      best = d;
      hit = o;
    }
  *t = best;
  return hit;
}

static vec trace(const struct object *list, ray r, int depth) {
  double t;
  const struct object *o = nearest(list, &r, &t);
  if (!o)
    return (vec){0.1, 0.1, 0.15};
  vec p = add(r.o, scale(r.d, t)), n = o->normal(o, p);
  vec light = unit((vec){-0.5, 1, -0.3});
  ray shadow = {p, light};
  double lit =
      nearest(list, &shadow, &t) ? 0.15 : 0.15 + 0.85 * fmax(0, dot(n, light));
  vec c = scale(o->color, lit * (1 - o->reflect));
  if (depth > 0 && o->reflect > 0) {
    ray bounce = {p, unit(sub(r.d, scale(n, 2 * dot(r.d, n))))};
    c = add(c, scale(trace(list, bounce, depth - 1), o->reflect));
  }
  return c;
}

static void render_row(const struct object *list, int w, int h, int y,
                       double cam_x, float *row) {
  for (int x = 0; x < w; x++) {
    ray r = {{cam_x, 0.5, -2},
             unit((vec){(x + 0.5) / w - 0.5, 0.5 - (y + 0.5) / h, 1})};
    vec c = trace(list, r, 2);
    row[3 * x] = (float)c.x;
    row[3 * x + 1] = (float)c.y;
    row[3 * x + 2] = (float)c.z;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int w = argc > 1 ? atoi(argv[1]) : 512;
  int h = argc > 2 ? atoi(argv[2]) : 512;
  int objects = argc > 3 ? atoi(argv[3]) : 96;
  int frames = argc > 4 ? atoi(argv[4]) : 4;
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);

  size_t row_floats = 3 * (size_t)w;
  arena_size = (size_t)(objects + 1) * 256 + sizeof(float) * row_floats * h +
               (size_t)h * sizeof(MPI_Request) + 4096;
  arena = malloc(arena_size);
  struct object *scene = build_scene(objects);
  float *image = arena_alloc(sizeof(float) * row_floats * h);
  MPI_Request *reqs = arena_alloc(sizeof(MPI_Request) * h);
  int *done = malloc(sizeof(int) * h);
  int nreqs = 0;
  if (rank == 0) {
    /* A receive per row another rank renders, made once. */
    for (int y = 0; y < h; y++)
      if (y % nranks != 0)
        MPI_Recv_init(image + row_floats * y, (int)row_floats, MPI_FLOAT,
                      y % nranks, y, MPI_COMM_WORLD, &reqs[nreqs++]);
  }

  for (int f = 0; f < frames; f++) {
    double cam_x = 0.1 * f;
    if (rank == 0 && nreqs > 0)
      MPI_Startall(nreqs, reqs);
    int nsends = 0;
    for (int y = rank; y < h; y += nranks) {
      render_row(scene, w, h, y, cam_x, image + row_floats * y);
      if (rank == 0) {
        int outcount;
        if (nreqs > 0)
          MPI_Testsome(nreqs, reqs, &outcount, done, MPI_STATUSES_IGNORE);
      } else {
        MPI_Isend(image + row_floats * y, (int)row_floats, MPI_FLOAT, 0, y,
                  MPI_COMM_WORLD, &reqs[nsends++]);
      }
    }
    if (rank == 0)
      MPI_Waitall(nreqs, reqs, MPI_STATUSES_IGNORE);
    else
      MPI_Waitall(nsends, reqs, MPI_STATUSES_IGNORE);
  }

  if (rank == 0) {
    uint64_t hash = 1469598103934665603ull;
    long lit = 0;
    for (size_t i = 0; i < row_floats * h; i++) {
      uint32_t bits;
      memcpy(&bits, &image[i], sizeof(bits));
      hash = (hash ^ bits) * 1099511628211ull;
      lit += image[i] > 0.2f;
    }
    printf("checksum: %016llx %ld\n", (unsigned long long)hash, lit);
  }
  for (int i = 0; i < nreqs && rank == 0; i++)
    MPI_Request_free(&reqs[i]);
  free(done);
  free(arena);
  MPI_Finalize();
  return 0;
}
