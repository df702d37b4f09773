#!/usr/bin/env python3
"""Differential test of the pass's filters as a whole: random programs
touch buffers of every kind the static filters reason about -- malloc'd and
calloc'd blocks, a block allocated and filled right before the operation
starts (fresh until the start call sees it), a block in a file-local
pointer, blocks in the fields of a file-local struct array, a file-local
array, a public array, a stack array -- directly, through file-local helpers (inlined and not), in loops and with
memcpy/memset, while one of them is the buffer of a pending MPI_Isend or
MPI_Irecv. Each is built with the pass's defaults and with every fast-path
level and filter off (the flags of lit's filters-off run), and run: the two
must report the same errors at the same lines and print the same sums (the
tool never changes what a program computes).

usage: filters_differential.py --mpicc CMD --off-flags FLAGS --mpiexec CMD
                               --work DIR [--first SEED] [--programs N]
Prints one line per mismatch and a summary:
  "P programs: C clean, E reported, M mismatches".
"""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys

BUFFERS = ["h1", "h2", "hf", "gp", "garr", "pubarr", "loc", "lev[0].u", "lev[1].u"]

PROGRAM = """#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define M 128
typedef struct {{ double *u; int n; }} Level;
static Level lev[2];
static double *gp;
static double garr[M];
double pubarr[M];
static void touch(double *p, int i, double v) {{ p[i] = v; }}
static double peek(const double *p, int i) {{ return p[i]; }}
__attribute__((noinline)) static void fill_range(double *p, int lo, int hi) {{
  for (int i = lo; i < hi; i++) p[i] = i + 0.25;
}}
__attribute__((noinline)) static double sum_range(const double *p, int lo, int hi) {{
  double s = 0;
  for (int i = lo; i < hi; i++) s += p[i];
  return s;
}}
int main(int argc, char **argv) {{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *h1 = malloc(M * sizeof(double)), *h2 = calloc(M, sizeof(double));
  double *hf = malloc(M * sizeof(double));
  double loc[M];
  gp = malloc(M * sizeof(double));
  for (int l = 0; l < 2; l++) {{
    lev[l].u = malloc(M * sizeof(double));
    lev[l].n = M;
  }}
  for (int i = 0; i < M; i++) {{
    h1[i] = i; h2[i] = 2 * i; hf[i] = 9 * i; gp[i] = 3 * i; garr[i] = 4 * i;
    pubarr[i] = 5 * i; loc[i] = 6 * i; lev[0].u[i] = 7 * i; lev[1].u[i] = 8 * i;
  }}
  double acc = 0;
  if (rank == 0) {{
    MPI_Request req;
    free(hf);
    hf = malloc(M * sizeof(double));
    for (int i = 0; i < M; i++) hf[i] = 9 * i;
    MPI_{start}({buf} + {first}, {count}, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
{statements}
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }} else {{
    double tmp[M];
    for (int i = 0; i < M; i++) tmp[i] = -i;
    MPI_Barrier(MPI_COMM_WORLD);
    {peer}
  }}
  double s = acc;
  for (int i = 0; i < M; i++)
    s += h1[i] + h2[i] + hf[i] + gp[i] + garr[i] + pubarr[i] + loc[i] + lev[0].u[i] + lev[1].u[i];
  printf("rank %d sum %.6g\\n", rank, s);
  MPI_Finalize();
  return 0;
}}
"""


def statement(rng, buf, first, count):
    """One access (or a few) to a random buffer, often near the pending one."""
    b = rng.choice(BUFFERS + [buf] * 4)
    if b == buf and rng.random() < 0.7:
        i = rng.randint(max(0, first - 8), min(60, first + count + 4))
    else:
        i = rng.randint(0, 60)
    lo = rng.randint(0, 50)
    hi = lo + rng.randint(0, 12)
    return rng.choice([
        "%s[%d] = %d.0;" % (b, i, rng.randint(1, 9)),
        "acc += %s[%d];" % (b, i),
        "touch(%s, %d, acc);" % (b, i),
        "acc += peek(%s, %d);" % (b, i),
        "for (int i = %d; i < %d; i++) %s[i] = i * 0.5;" % (lo, hi, b),
        "for (int i = %d; i < %d; i++) acc += %s[i];" % (lo, hi, b),
        "memcpy(%s + %d, %s + %d, %d * sizeof(double));"
        % (b, i, rng.choice(BUFFERS), rng.randint(0, 50), rng.randint(1, 10)),
        "memset(%s + %d, 0, %d * sizeof(double));" % (b, i, rng.randint(1, 8)),
        "fill_range(%s, %d, %d);" % (b, i, i + rng.randint(0, 6)),
        "acc += sum_range(%s, %d, %d);" % (b, i, i + rng.randint(0, 6)),
    ])


def program(rng):
    buf = rng.choice(BUFFERS)
    start = rng.choice(["Isend", "Irecv"])
    first, count = rng.randint(0, 40), rng.randint(1, 16)
    body = [statement(rng, buf, first, count) for _ in range(rng.randint(3, 9))]
    if start == "Isend":
        peer = "MPI_Recv(tmp, %d, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);" % count
    else:
        peer = "MPI_Send(tmp, %d, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);" % count
    return PROGRAM.format(start=start, buf=buf, first=first, count=count,
                          statements="\n".join("    " + s for s in body),
                          peer=peer)


def outcome(output, source):
    """The (error kind, line) of every report, and the printed sums."""
    name = re.escape(os.path.basename(source))
    errors = set(re.findall(
        r"ERROR: MPISync: (\S+)[^\n]*\n[^\n]*\n\s+#0 [^\n]*?%s:(\d+)" % name,
        output))
    return sorted(errors), sorted(re.findall(r"rank \d sum \S+", output))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpicc", required=True)
    ap.add_argument("--off-flags", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--programs", type=int, default=16)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    mpicc, mpiexec = shlex.split(args.mpicc), shlex.split(args.mpiexec)
    builds = {"filters on": [], "filters off": shlex.split(args.off_flags)}
    clean = reported = mismatches = 0
    for seed in range(args.first, args.first + args.programs):
        src = os.path.join(args.work, "prog%d.c" % seed)
        with open(src, "w") as f:
            f.write(program(random.Random(seed)))
        seen = {}
        for name, flags in builds.items():
            exe = os.path.join(args.work, "prog%d.%s" % (seed, name.split()[1]))
            # The clang plugin's warnings on the buggy programs are not
            # what is compared: compile quietly, loudly only on failure.
            c = subprocess.run(mpicc + ["-fsanitize=mpisync", "-O2", "-g", src,
                                        "-o", exe] + flags,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            if c.returncode:
                sys.exit("cannot compile %s:\n%s" % (src, c.stdout))
            r = subprocess.run(mpiexec + ["-n", "2", exe], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=120)
            seen[name] = outcome(r.stdout, src)
        on, off = seen["filters on"], seen["filters off"]
        if on != off:
            mismatches += 1
            print("MISMATCH %s: filters on %s, filters off %s" % (src, on, off))
        elif on[0]:
            reported += 1
        else:
            clean += 1
    print("%d programs: %d clean, %d reported, %d mismatches"
          % (args.programs, clean, reported, mismatches))
    return 0


if __name__ == "__main__":
    sys.exit(main())
