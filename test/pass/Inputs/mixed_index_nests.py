#!/usr/bin/env python3
"""Random loop nests for the pass to compile: two to four nested `for` loops
with indices of every C integer type mixed (int, long, unsigned, short,
char, size_t, ...), tiled loops, descending and strided loops, reads and
writes of parameters and globals at index expressions that mix the indices
and widths (row-major, transposed, neighbour rows, casts), some loops with
an MPI call, in C files and in C++ files whose kernels are templates
instantiated with several index types. Each program is compiled with
-fsanitize=mpisync at -O1, -O2, -O3 and -O0; any failure to compile is
printed. The pass once crashed clang on such nests (the nest lifting
subtracted the starts of runs over different objects).

usage: mixed_index_nests.py --mpicc CMD --mpicxx CMD --work DIR --seeds A,B,...
Prints one FAIL line per program and level that did not compile, then
"P programs x 4 levels, F failed".
"""
import argparse
import os
import random
import shlex
import subprocess
import sys

# Index and bound types; arrays (parameters a, b, c; globals g, h).
TYPES = ["int", "long", "unsigned", "unsigned long", "short", "long long",
         "unsigned short", "size_t", "ptrdiff_t", "char"]
ARRAYS = ["a", "b", "c", "g", "h"]


def index_expr(indices, n):
    """An element index over the enclosing loops' indices, row length n."""
    forms = []
    if len(indices) >= 2:
        i, j = random.sample(indices, 2)
        forms += [f"{i}*{n}+{j}", f"({i}-1)*{n}+{j}", f"({i}+1)*{n}+{j}+1",
                  f"{j}*{n}+{i}", f"{i}*({n}-2)+{j}", f"{i}*{n}+{j}-1",
                  f"(long){i}*{n}+{j}", f"{i}*{n}*2+{j}*2",
                  f"{i}*{n}+({n}-1-{j})"]
    x = random.choice(indices)
    forms += [f"{x}", f"{x}+1", f"{x}*2", f"{n}-{x}-1", f"(unsigned){x}"]
    if len(indices) >= 3:
        i, j, k = random.sample(indices, 3)
        forms += [f"({i}*{n}+{j})*{n}+{k}", f"{i}*{n}*{n}+{k}*{n}+{j}"]
    return random.choice(forms)


def loop_header(var, indices, n):
    """A `for` over var of a random type: plain, inner-only, descending,
    over tiles, within the enclosing loop's tile, by two, or inclusive."""
    t = random.choice(TYPES)
    kind = random.randrange(7)
    outer = indices[-1] if indices else None
    if kind == 0:
        return f"for ({t} {var} = 0; {var} < {n}; {var}++)"
    if kind == 1:
        return f"for ({t} {var} = 1; {var} < {n} - 1; {var}++)"
    if kind == 2:
        return f"for ({t} {var} = {n} - 1; {var} > 0; {var}--)"
    if kind == 3:
        return f"for ({t} {var} = 0; {var} < {n}; {var} += TILE)"
    if kind == 4 and outer:
        return (f"for ({t} {var} = {outer}; {var} < {outer} + TILE && "
                f"{var} < {n}; {var}++)")
    if kind == 5:
        return f"for ({t} {var} = 0; {var} < {n}; {var} += 2)"
    return f"for ({t} {var} = 0; {var} <= {n} - 2; ++{var})"


def loop_nest():
    """Lines of a nest of 2 to 4 loops with accesses in its bodies."""
    depth = random.randint(2, 4)
    n = random.choice(["n", "m", "nn", "(int)n", "16"])
    lines, indices = [], []
    for d, var in enumerate(["i", "j", "k", "l"][:depth]):
        lines.append("  " * (d + 1) + loop_header(var, indices, n) + " {")
        indices.append(var)
        if random.random() < 0.3 and d < depth - 1:
            a = random.choice(ARRAYS)
            lines.append("  " * (d + 2) + f"s += {a}[{index_expr(indices, n)}];")
    body = "  " * (depth + 1)
    for _ in range(random.randint(1, 4)):
        a = random.choice(ARRAYS)
        if random.random() < 0.5:
            lines.append(body + f"{a}[{index_expr(indices, n)}] = s + "
                         f"{random.choice(ARRAYS)}[{index_expr(indices, n)}];")
        else:
            lines.append(body + f"s += {a}[{index_expr(indices, n)}];")
    if random.random() < 0.2:
        lines.append(body + "if (s > 1e9) MPI_Barrier(MPI_COMM_WORLD);")
    for d in range(depth, 0, -1):
        lines.append("  " * d + "}")
    return lines


def program(seed, cxx):
    """The source of program `seed`: 1 to 3 kernels and a caller that runs
    them (C++: templates instantiated with two pairs of index types)."""
    random.seed(seed)
    out = ["#include <mpi.h>", "#include <stddef.h>",
           "#define TILE %d" % random.choice([4, 8, 16, 32]),
           "double g[1<<16], h[1<<16];"]
    kernels = random.randint(1, 3)
    for f in range(kernels):
        n_type = random.choice(TYPES)
        if cxx and random.random() < 0.5:
            out.append("template <typename T, typename U>")
            out.append(f"double f{f}(double *a, double *b, double *c, T n, "
                       "U m, long nn) {")
        else:
            out.append(f"double f{f}(double *a, double *b, double *c, "
                       f"{n_type} n, {random.choice(TYPES)} m, long nn) {{")
        out.append("  double s = 0;")
        for _ in range(random.randint(1, 2)):
            out += loop_nest()
        out.append("  return s; }")
    out.append("double run(double *a, double *b, double *c, int n) { "
               "double s = 0;")
    pairs = [("int", "long"), ("long", "int"), ("unsigned", "short"),
             ("size_t", "int"), ("int", "int")]
    for f in range(kernels):
        if cxx:
            for ta, tb in random.sample(pairs, 2):
                out.append(f"  s += f{f}(a, b, c, ({ta})n, ({tb})n, n);")
        else:
            out.append(f"  s += f{f}(a, b, c, n, n, n);")
    out.append("  MPI_Request r; MPI_Irecv(a, n, MPI_DOUBLE, 0, 0, "
               "MPI_COMM_WORLD, &r); s += g[3]; MPI_Wait(&r, MPI_STATUS_IGNORE);")
    out.append("  return s; }")
    return "\n".join(out) + "\n"

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpicc", required=True)
    ap.add_argument("--mpicxx", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--seeds", required=True)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    seeds = [int(s) for s in args.seeds.split(",")]
    failed = 0
    for seed in seeds:
        # Every third program is C++ with template kernels.
        cxx = seed % 3 == 0
        src = os.path.join(args.work, "p%d.%s" % (seed, "cpp" if cxx else "c"))
        with open(src, "w") as f:
            f.write(program(seed, cxx))
        for level in ("-O1", "-O2", "-O3", "-O0"):
            cmd = shlex.split(args.mpicxx if cxx else args.mpicc) + [
                "-fsanitize=mpisync", level, "-w", "-c", src, "-o",
                src + ".o"]
            r = subprocess.run(cmd, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            if r.returncode != 0:
                failed += 1
                tail = r.stdout.decode(errors="replace").strip().splitlines()
                print("FAIL seed %d %s: %s" % (seed, level,
                                               " | ".join(tail[-3:])))
    print("%d programs x 4 levels, %d failed" % (len(seeds), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
