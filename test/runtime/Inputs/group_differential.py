#!/usr/bin/env python3
"""Differential test of the pass's access groups (pass/AccessGroups.h: one
range test for accesses at constant offsets from one pointer, the members
checked at the group's head or behind its answer): random straight-line
kernels that read and write the fields of two objects of an array, with
early returns, conditional accesses, neighbours (`o[1].f`) and calls that
may reach MPI between them, run while one field of one object is the
buffer of a pending MPI_Irecv (reads and writes are errors) or MPI_Isend
(writes are). Each kernel is built twice -- with the pass's defaults and
with -mpisync-group-checks=0, where every access keeps its own check --
and run with the same parameters: both builds must print the same result
and report the same errors at the same lines (a member checked at the
group's head carries its own location).

usage: group_differential.py --mpicc CMD --mpiexec CMD --work DIR
                             [--first SEED] [--programs N] [--runs N]
Prints one line per mismatch and a summary:
  "P programs, R runs: C clean, E reported, M mismatches".
"""
import os
import random
import re
import sys

import differential

OBJECTS = 16

KERNEL = """#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
typedef struct {{
  double a, b, c;
  int i, j;
  double e[4];
}} Obj;
Obj objs[{objects}];
volatile int calls;
__attribute__((noinline)) void opaque(void) {{ calls++; }}
__attribute__((noinline)) double kernel(Obj *o, Obj *q, int t) {{
  double acc = 1;
  {body}
  return acc;
}}
int main(int argc, char **argv) {{
  int rank, k = atoi(argv[1]), field = atoi(argv[2]), recv = atoi(argv[3]);
  int x = atoi(argv[4]), y = atoi(argv[5]), t = atoi(argv[6]);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int n = 0; n < {objects}; n++)
    objs[n] = (Obj){{n, 2 * n, 3 * n, n, -n, {{n, n + 1, n + 2, n + 3}}}};
  void *buf[] = {{&objs[k].a, &objs[k].c, &objs[k].j, &objs[k].e[2]}};
  MPI_Datatype type = field == 2 ? MPI_INT : MPI_DOUBLE;
  double v = 7;
  int iv = 7;
  if (rank == 0) {{
    MPI_Request r;
    if (recv)
      MPI_Irecv(buf[field], 1, type, 1, 0, MPI_COMM_WORLD, &r);
    else
      MPI_Isend(buf[field], 1, type, 1, 0, MPI_COMM_WORLD, &r);
    double acc = kernel(&objs[x], &objs[y], t);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    printf("acc %g calls %d\\n", acc, calls);
  }} else {{
    MPI_Barrier(MPI_COMM_WORLD);
    if (recv)
      MPI_Send(field == 2 ? (void *)&iv : (void *)&v, 1, type, 0, 0,
               MPI_COMM_WORLD);
    else
      MPI_Recv(field == 2 ? (void *)&iv : (void *)&v, 1, type, 0, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }}
  MPI_Finalize();
  return 0;
}}
"""

FIELDS = ["a", "b", "c", "i", "j", "e[0]", "e[1]", "e[2]", "e[3]"]


def access(rng):
    """One read or write of a field of o, q or o's neighbour."""
    obj = rng.choice(["o->", "o->", "q->", "o[1]."])
    f = rng.choice(FIELDS)
    if rng.random() < 0.3:
        return "%s%s = acc * 0.5;" % (obj, f)
    return "acc += %s%s;" % (obj, f)


def program(rng):
    """The source of one random kernel."""
    body = []
    for _ in range(rng.randint(3, 12)):
        p = rng.random()
        if p < 0.6:
            body.append(access(rng))
        elif p < 0.72:
            body.append("if (t > %d) return acc;" % rng.randint(0, 9))
        elif p < 0.86:
            body.append("if (t & %d) { %s }" % (rng.choice([1, 2, 4]),
                                                access(rng)))
        else:
            body.append("opaque();")
    return KERNEL.format(objects=OBJECTS, body="\n  ".join(body))


def parameters(rng):
    """Command-line arguments: object and field pending, receive or send,
    the objects the kernel gets (o's neighbour must exist), t."""
    x = rng.randint(0, OBJECTS - 2)
    k = rng.choice([x, x, x + 1, rng.randint(0, OBJECTS - 1)])
    y = rng.choice([k, rng.randint(0, OBJECTS - 1)])
    return [str(v) for v in (k, rng.randint(0, 3), rng.choice([0, 1]), x, y,
                             rng.randint(0, 10))]


def verdict(output, source):
    """The printed result and the sorted (error kind, line) of every
    report."""
    name = re.escape(os.path.basename(source))
    reports = []
    for m in re.finditer(r"ERROR: MPISync: (\S+)", output):
        line = re.search(r"#0 .*?%s:(\d+)" % name, output[m.end():])
        reports.append((m.group(1), line.group(1) if line else "?"))
    result = re.search(r"^acc .*$", output, re.M)
    return (result.group(0) if result else None, sorted(reports))


def main():
    args = differential.parse_args(__doc__)
    builds = {"grouped": [], "per-access": ["-mllvm", "-mpisync-group-checks=0"]}
    clean = reported = mismatches = runs = 0
    for seed in range(args.first, args.first + args.programs):
        rng = random.Random(seed)
        src = os.path.join(args.work, "fields%d.c" % seed)
        with open(src, "w") as f:
            f.write(program(rng))
        for argv, seen in differential.runs_of(
                args, src, builds, parameters, rng,
                lambda out: verdict(out, src)):
            runs += 1
            if seen["grouped"] != seen["per-access"] or seen["grouped"][0] is None:
                mismatches += 1
                print("MISMATCH %s %s: grouped %s, per-access %s"
                      % (src, " ".join(argv), seen["grouped"],
                         seen["per-access"]))
            elif seen["grouped"][1]:
                reported += 1
            else:
                clean += 1
    print("%d programs, %d runs: %d clean, %d reported, %d mismatches"
          % (args.programs, runs, clean, reported, mismatches))
    return 0


if __name__ == "__main__":
    sys.exit(main())
