"""What the pass's differential tests share (hoist_differential.py,
group_differential.py): their options, building one random program in
each variant of the pass, and running every build with the same
arguments."""
import argparse
import os
import shlex
import subprocess
import sys


def parse_args(doc):
    """The common options: --mpicc, --mpiexec, --work, --first, --programs,
    --runs; also makes the work directory and splits the commands."""
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument("--mpicc", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--programs", type=int, default=12)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    args.mpicc, args.mpiexec = shlex.split(args.mpicc), shlex.split(args.mpiexec)
    return args


def build(args, src, builds):
    """Compiles `src` once per entry of `builds` (name -> extra flags) next
    to it; returns name -> executable. Exits on a compile error."""
    stem = os.path.splitext(src)[0]
    exes = {}
    for name, flags in builds.items():
        exes[name] = "%s.%s" % (stem, name)
        c = subprocess.run(args.mpicc + ["-fsanitize=mpisync", "-O2", "-g", src,
                                         "-o", exes[name]] + flags,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        if c.returncode:
            sys.exit("cannot compile %s:\n%s" % (src, c.stdout))
    return exes


def run(args, exes, argv, verdict):
    """Runs every build on 2 ranks with `argv`; returns name ->
    verdict(output)."""
    seen = {}
    for name, exe in exes.items():
        r = subprocess.run(args.mpiexec + ["-n", "2", exe] + argv,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=120)
        seen[name] = verdict(r.stdout)
    return seen


def runs_of(args, src, builds, parameters, rng, verdict):
    """Builds `src` (see build), then yields (argv, name -> verdict) for
    args.runs parameter sets drawn by parameters(rng)."""
    exes = build(args, src, builds)
    for _ in range(args.runs):
        argv = parameters(rng)
        yield argv, run(args, exes, argv, verdict)
