#!/usr/bin/env python3
"""Differential test of the pass's loop hoisting (one range check per loop,
lifted out of loop nests): random loop nests over a global array, one
element of which is the buffer of a pending MPI_Irecv, are built twice --
with the pass's defaults and with -mpisync-hoist-affine=0, where every access
keeps its own check -- and run with the same parameters. Both builds must
report the same error, or both nothing. A hoisted check stands for several
accesses and names the first of them in the loop's code, which is not
always the one that touches the pending element first (or at all: a[x] for
a[x + 1]); so the line it names must be a line of the kernel's accesses,
and how often it differs from the per-access build's is counted.

The nests vary what the hoisting decides on: row loops over [x0, xe),
[1, s-1) or [0, s) (the guard of the row loop implied by the outer one or
not), rows ascending, descending or every other one, neighbour rows
(r-1, r+1), elements before and after the row loop, stores into the
pending array, transposed accesses (a[x * s + r]: the row loop strides
over rows, the outer loop fills or leaves the gaps), and parameters (row
stride s, bounds) that make rows meet, overlap or leave gaps, and row
loops that run zero times.

usage: hoist_differential.py --mpicc CMD --mpiexec CMD --work DIR
                             [--first SEED] [--programs N] [--runs N]
Prints one line per mismatch and a summary:
  "P programs, R runs: C clean, E reported (L at another line of the
  kernel), M mismatches".
"""
import os
import random
import re
import sys

import differential

N = 8192  # elements of the array; indices stay inside for every parameter set

KERNEL = """#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#define N {n}
double a[N], b[N];
__attribute__((noinline)) double kernel(int r0, int re, int x0, int xe, int s) {{
  double acc = 0;
  {outer} {{
    {pre}
    for (int x = {lo}; x < {hi}; x++) {{
      {body}
    }}
    {post}
  }}
  return acc;
}}
int main(int argc, char **argv) {{
  int rank, k = atoi(argv[1]), p[5];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 5; i++)
    p[i] = atoi(argv[2 + i]);
  for (int i = 0; i < N; i++)
    a[i] = i % 11;
  double v = 7;
  if (rank == 0) {{
    MPI_Request q;
    MPI_Irecv(&a[k], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &q);
    double acc = kernel(p[0], p[1], p[2], p[3], p[4]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    printf("acc %g\\n", acc);
  }} else {{
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  }}
  MPI_Finalize();
  return 0;
}}
"""


def program(rng):
    """The source of one random kernel."""
    body = []
    for _ in range(rng.randint(1, 4)):
        row, col = rng.choice([-1, 0, 0, 1]), rng.choice([-1, 0, 1, 2])
        body.append("acc += a[(size_t)(r + %d) * s + x + %d];" % (row, col))
    if rng.random() < 0.5:
        body.append("b[(size_t)r * s + x] = acc;")
    if rng.random() < 0.3:
        body.append("a[(size_t)r * s + x + %d] = acc * 0.5;" % rng.choice([0, 1]))
    if rng.random() < 0.3:
        # Transposed: x strides over rows, r moves along them (the
        # outer loop's rows fill the inner loop's gaps or leave some).
        # Its row stride TW: see below.
        # Alone half the time: the row accesses touch most elements, and
        # would report what a wrong check of the transposed one reports.
        alone = rng.random() < 0.5
        if alone:
            body = [line for line in body if line.startswith("b[")]
        if rng.random() < 0.5:
            body.append("acc += a[(size_t)x * TW + r + %d];" % rng.choice([0, 1]))
        else:
            body.append("a[(size_t)x * TW + r] = acc * 0.25;")
    else:
        alone = False
    pre = post = ""
    if rng.random() < 0.5 and not alone:
        pre = "acc += a[(size_t)r * s + x0 + %d];" % rng.choice([-1, 0])
    if rng.random() < 0.5 and not alone:
        post = "acc += a[(size_t)r * s + xe + %d];" % rng.choice([-1, 0])
    lo, hi = rng.choice([("x0", "xe"), ("1", "s - 1"), ("0", "s"), ("0", "s"),
                         ("1", "s - 1"), ("x0", "s")])
    top = rng.choice(["re", "s - 1", "re - 1", "s - 1"])
    step = rng.choice(["r++", "r++", "r++", "r += 2", "r--"])
    # A transposed access's row stride: the outer loop's trip count (r0 .. re
    # by one: the columns meet, one range for the nest) or s (columns with
    # gaps: one rows check, or per-access checks when the outer loop steps
    # by two or runs down).
    tw = "s"
    if any("TW" in line for line in body) and rng.random() < 0.6:
        top, step = "re", "r++"
        tw = rng.choice(["(re - r0)", "s"])
    if step == "r--":
        outer = "for (int r = %s; r > r0; r--)" % top
    else:
        outer = "for (int r = r0; r < %s; %s)" % (top, step)
    return KERNEL.format(n=N, outer=outer, pre=pre, post=post, lo=lo, hi=hi,
                         body="\n      ".join(body).replace("TW", tw))


def last_row(text, r0, re_, s):
    """The outer loop's row farthest from r0 (its last, or its first when it
    runs down), or None."""
    bound = r"(r0|re|re - 1|s - 1)"
    m = re.search(r"for \(int r = %s; r [<>] %s; (r\+\+|r \+= 2|r--)\)"
                  % (bound, bound), text)
    if not m:
        return None
    top = {"re": re_, "re - 1": re_ - 1, "s - 1": s - 1}.get(
        m.group(1) if m.group(3) == "r--" else m.group(2))
    if top is None:
        return None
    return top if m.group(3) == "r--" else top - 1


def parameters(rng, text=""):
    """Command-line arguments: the pending element, then r0 re x0 xe s."""
    s = rng.randint(2, 70)
    r0 = rng.randint(1, 3)  # row r0 - 1 is read: row 0 at least
    re_ = rng.randint(r0, min(40, N // s - 3))
    x0, xe = rng.randint(0, 3), rng.randint(0, s + 1)
    # Rows r0-1 .. max(re, s-1)+1, columns -1 .. s+2: inside the array.
    k = rng.randint(0, min(N - 1, (re_ + 2) * s + 3))
    last = last_row(text, r0, re_, s) if "x * " in text else None
    if last is not None and rng.random() < 0.8:
        # Next to where a transposed access's column starts or ends
        # (a[x * w + r + c], r from r0 to `last`), where a check of the
        # nest one element too long or short would differ.
        w = (re_ - r0) if "(re - r0)" in text else s
        edge = rng.choice([r0 - 1, last + 1] * 3 + [r0, last, last + 2])
        k = min(N - 1, max(0, rng.randint(0, s + 1) * w + edge))
    return [str(v) for v in (k, r0, re_, x0, xe, s)]


def verdict(output, source):
    """(error kind, line of the access) of the first report, or None."""
    m = re.search(r"ERROR: MPISync: (\S+)", output)
    if not m:
        return None
    line = re.search(r"#0 .*?%s:(\d+)" % re.escape(os.path.basename(source)),
                     output[m.end():])
    return (m.group(1), line.group(1) if line else "?")


def main():
    args = differential.parse_args(__doc__)
    builds = {"hoisted": [], "per-access": ["-mllvm", "-mpisync-hoist-affine=0"]}
    clean = reported = other_line = mismatches = runs = 0
    for seed in range(args.first, args.first + args.programs):
        rng = random.Random(seed)
        src = os.path.join(args.work, "nest%d.c" % seed)
        text = program(rng)
        with open(src, "w") as f:
            f.write(text)
        # The kernel's loop nest: from its outer loop to its return.
        lines = text.splitlines()
        first = next(i for i, l in enumerate(lines) if "for (int r" in l) + 1
        last = lines.index("  return acc;")
        kernel_lines = {str(n) for n in range(first, last + 1)}
        for argv, seen in differential.runs_of(
                args, src, builds, lambda r: parameters(r, text), rng,
                lambda out: verdict(out, src)):
            runs += 1
            hoisted, exact = seen["hoisted"], seen["per-access"]
            same_kind = (hoisted is None) == (exact is None) and \
                (hoisted is None or hoisted[0] == exact[0])
            if not same_kind or (hoisted and hoisted[1] not in kernel_lines):
                mismatches += 1
                print("MISMATCH %s %s: hoisted %s, per-access %s"
                      % (src, " ".join(argv), hoisted, exact))
            elif hoisted:
                reported += 1
                other_line += hoisted[1] != exact[1]
            else:
                clean += 1
    print("%d programs, %d runs: %d clean, %d reported (%d at another line "
          "of the kernel), %d mismatches"
          % (args.programs, runs, clean, reported, other_line, mismatches))
    return 0


if __name__ == "__main__":
    sys.exit(main())
