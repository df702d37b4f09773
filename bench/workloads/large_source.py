#!/usr/bin/env python3
"""Writes large_source.c, the benchmark's large translation unit.

Models the big source files of physics codes (a module per field, each with
its own initialization, halo exchange and update kernel, a few thousand
lines in one file): what MPISync's compile time is on a file of many
functions, each small, that bench/'s other workloads (one main and a few
kernels each) do not show. The kernels differ in shape so that the file is
not one function repeated: three- and five-point diffusion, a flux form, two
coupled fields, a permuted gather, and an integer redistribution; every
module exchanges its halos with nonblocking point-to-point calls around a
ring of ranks, and every tenth reduces a diagnostic.

Every kernel conserves its field's global sum (the integer one exactly),
which is the program's own check.

    large_source.py OUT.c [MODULES]      (default 96 modules)

The generated program:

    large_source [N [ITERS]]   N cells per rank and module (default 2048),
                               ITERS steps (default 200)

Output: "checksum: <sum of the global sums> <errors>"; errors counts fields
whose global sum drifted by more than 1e-9 of it; exits 1 on any.
"""
import sys

SHAPES = ["diffusion3", "diffusion5", "flux", "coupled", "gather", "integer"]


def halo_width(shape):
    return 2 if shape == "diffusion5" else 1


def scalar(shape):
    return "long" if shape == "integer" else "double"


def module(k):
    shape = SHAPES[k % len(SHAPES)]
    w = halo_width(shape)
    t = scalar(shape)
    c = 0.05 + 0.2 * ((k * 37) % 11) / 11.0  # a stable coefficient < 0.25
    c2 = c / 4
    mpi_t = "MPI_LONG" if t == "long" else "MPI_DOUBLE"
    second = shape == "coupled"
    out = []
    add = out.append
    add("/* module %d: %s */" % (k, shape))
    add("struct field%d {" % k)
    add("  %s *a, *b;%s" % (t, " /* and v: the coupled field */" if second else ""))
    if second:
        add("  %s *v;" % t)
    if shape == "gather":
        add("  int *perm;")
    add("  int n;")
    add("};")
    add("")
    add("void field%d_init(struct field%d *f, int n, int rank) {" % (k, k))
    add("  f->n = n;")
    add("  f->a = malloc(sizeof(%s) * (size_t)(n + %d));" % (t, 2 * w))
    add("  f->b = malloc(sizeof(%s) * (size_t)(n + %d));" % (t, 2 * w))
    if second:
        add("  f->v = malloc(sizeof(%s) * (size_t)(n + %d));" % (t, 2 * w))
    if shape == "gather":
        add("  f->perm = malloc(sizeof(int) * (size_t)n);")
        add("  for (int i = 0; i < n; i++)")
        # An odd multiplier permutes 0..n-1 when n is a power of two (main
        # rounds N up to one).
        add("    f->perm[i] = (int)(((long)i * %d + %d) %% n);" % (2 * k + 1, k))
    add("  for (int i = 0; i < n + %d; i++) {" % (2 * w))
    if t == "long":
        add("    f->a[i] = (long)((i * %d + rank * %d) %% 1000) * 64;" % (k + 3, k + 7))
    else:
        add("    f->a[i] = 1.0 + 0.5 * sin(0.01 * (i + %d) + rank);" % k)
    if second:
        add("    f->v[i] = 2.0 - 0.25 * cos(0.02 * i + %d);" % k)
    add("    f->b[i] = f->a[i];")
    add("  }")
    add("}")
    add("")
    # Halos: a[0..w) from the left neighbour's last w cells, a[n+w..n+2w)
    # from the right neighbour's first w.
    add("void field%d_exchange(%s *a, int n, int left, int right) {" % (k, t))
    add("  MPI_Request req[4];")
    add("  MPI_Irecv(a, %d, %s, left, %d, MPI_COMM_WORLD, &req[0]);" % (w, mpi_t, 2 * k))
    add("  MPI_Irecv(a + n + %d, %d, %s, right, %d, MPI_COMM_WORLD, &req[1]);" % (w, w, mpi_t, 2 * k + 1))
    add("  MPI_Isend(a + n, %d, %s, right, %d, MPI_COMM_WORLD, &req[2]);" % (w, mpi_t, 2 * k))
    add("  MPI_Isend(a + %d, %d, %s, left, %d, MPI_COMM_WORLD, &req[3]);" % (w, w, mpi_t, 2 * k + 1))
    add("  MPI_Waitall(4, req, MPI_STATUSES_IGNORE);")
    add("}")
    add("")
    add("void field%d_step(struct field%d *f, int left, int right) {" % (k, k))
    add("  const int n = f->n;")
    add("  field%d_exchange(f->a, n, left, right);" % k)
    if second:
        add("  field%d_exchange(f->v, n, left, right);" % k)
    add("  %s *a = f->a, *b = f->b;" % t)
    if shape == "diffusion3":
        add("  for (int i = 1; i <= n; i++)")
        add("    b[i] = a[i] + %.6f * (a[i - 1] - 2.0 * a[i] + a[i + 1]);" % c)
    elif shape == "diffusion5":
        add("  for (int i = 2; i < n + 2; i++)")
        add("    b[i] = a[i] + %.6f * (a[i - 1] - 2.0 * a[i] + a[i + 1]) +" % c)
        add("           %.6f * (a[i - 2] - 2.0 * a[i] + a[i + 2]);" % c2)
    elif shape == "flux":
        add("  double prev = %.6f * (a[1] - a[0]);" % c)
        add("  for (int i = 1; i <= n; i++) {")
        add("    double next = %.6f * (a[i + 1] - a[i]);" % c)
        add("    b[i] = a[i] + next - prev;")
        add("    prev = next;")
        add("  }")
    elif shape == "coupled":
        add("  double *v = f->v;")
        add("  for (int i = 1; i <= n; i++) {")
        add("    double d = %.6f * (v[i] - a[i]);" % c)
        add("    b[i] = a[i] + d;")
        add("    v[i] -= d;")
        add("  }")
    elif shape == "gather":
        add("  for (int i = 0; i < n; i++)")
        add("    b[1 + i] = a[1 + f->perm[i]];")
    else:  # integer: an eighth to each side, exactly conserved on the ring
        add("  for (int i = 1; i <= n; i++)")
        add("    b[i] = a[i] - 2 * (a[i] >> 3) + (a[i - 1] >> 3) + (a[i + 1] >> 3);")
    add("  f->a = b;")
    add("  f->b = a;")
    add("}")
    add("")
    add("%s field%d_sum(const struct field%d *f) {" % ("long" if t == "long" else "double", k, k))
    add("  %s s = 0;" % t)
    add("  for (int i = %d; i < f->n + %d; i++)" % (w, w))
    add("    s += f->a[i]%s;" % (" + f->v[i]" if second else ""))
    add("  return s;")
    add("}")
    add("")
    return out, t


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: large_source.py OUT.c [MODULES]")
    modules = int(sys.argv[2]) if len(sys.argv) > 2 else 96
    lines = [
        "/* large_source.c: generated by bench/workloads/large_source.py (%d"
        " modules); do not edit. */" % modules,
        "#include <math.h>",
        "#include <mpi.h>",
        "#include <stdio.h>",
        "#include <stdlib.h>",
        "",
    ]
    types = []
    for k in range(modules):
        body, t = module(k)
        lines += body
        types.append(t)
    lines += [
        "int main(int argc, char **argv) {",
        "  MPI_Init(&argc, &argv);",
        "  int rank, size;",
        "  MPI_Comm_rank(MPI_COMM_WORLD, &rank);",
        "  MPI_Comm_size(MPI_COMM_WORLD, &size);",
        "  int n = argc > 1 ? atoi(argv[1]) : 2048;",
        "  const int iters = argc > 2 ? atoi(argv[2]) : 200;",
        "  int p = 16;",
        "  while (p < n) /* a power of two: the gathers' permutations */",
        "    p *= 2;",
        "  n = p;",
        "  const int left = (rank + size - 1) % size, right = (rank + 1) % size;",
        "  long errors = 0;",
        "  double checksum = 0;",
    ]
    for k in range(modules):
        lines.append("  struct field%d f%d;" % (k, k))
        lines.append("  field%d_init(&f%d, n, rank);" % (k, k))
    lines.append("  double before[%d], after[%d];" % (modules, modules))
    for k in range(modules):
        lines.append("  before[%d] = (double)field%d_sum(&f%d);" % (k, k, k))
    lines += [
        "  MPI_Allreduce(MPI_IN_PLACE, before, %d, MPI_DOUBLE, MPI_SUM," % modules,
        "                MPI_COMM_WORLD);",
        "  for (int it = 0; it < iters; it++) {",
    ]
    for k in range(modules):
        lines.append("    field%d_step(&f%d, left, right);" % (k, k))
        if k % 10 == 9:
            lines.append("    if (it %% 25 == 0) { /* a diagnostic of module %d */" % k)
            lines.append("      double local = (double)field%d_sum(&f%d), global;" % (k, k))
            lines.append("      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);")
            lines.append("      checksum += global * 1e-12;")
            lines.append("    }")
    lines.append("  }")
    for k in range(modules):
        lines.append("  after[%d] = (double)field%d_sum(&f%d);" % (k, k, k))
    lines += [
        "  MPI_Allreduce(MPI_IN_PLACE, after, %d, MPI_DOUBLE, MPI_SUM," % modules,
        "                MPI_COMM_WORLD);",
        "  for (int k = 0; k < %d; k++) {" % modules,
        "    double tol = fabs(before[k]) * 1e-9;",
        "    if (fabs(after[k] - before[k]) > tol)",
        "      errors++;",
        "    checksum += after[k];",
        "  }",
        "  if (rank == 0)",
        "    printf(\"checksum: %.17g %ld\\n\", checksum, errors);",
        "  MPI_Finalize();",
        "  return errors != 0;",
        "}",
    ]
    with open(sys.argv[1], "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
