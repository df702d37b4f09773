#!/usr/bin/env python3
"""Measures the scaling guard's overhead before any problem occurs
(docs/performance.md): collective_loop.c built natively (MPICH's mpicc) and
linked with the MPISync runtime (compiled without instrumentation, so the
collectives' cost is all that differs), run interleaved in four settings,
ROUNDS times each; prints the median CPU microseconds per call.

    python3 bench/scaling_guard/measure.py BUILD_DIR [ROUNDS] [ITERS] [BYTES] [P]
"""
import os
import statistics
import subprocess
import sys
import tempfile

build = os.path.abspath(sys.argv[1])
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
iters = sys.argv[3] if len(sys.argv) > 3 else "20000"
size = sys.argv[4] if len(sys.argv) > 4 else "1024"
procs = sys.argv[5] if len(sys.argv) > 5 else "2"
here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "collective_loop.c")
tmp = tempfile.mkdtemp(prefix="mpisync-guard-bench.")
native, linked = os.path.join(tmp, "native"), os.path.join(tmp, "linked")
subprocess.check_call(["mpicc", "-O2", src, "-o", native])
obj = os.path.join(tmp, "loop.o")
subprocess.check_call([os.path.join(build, "bin", "mpisync-mpicc"), "-O2", "-c", src, "-o", obj])
subprocess.check_call([os.path.join(build, "bin", "mpisync-mpicc"), "-fsanitize=mpisync", obj, "-o", linked])
bounds = os.path.join(tmp, "loop.bounds")
with open(bounds, "w") as f:
    f.write("MPI_Gather G elements 2000000000\n")  # named, never crossed
settings = [
    ("native (no MPISync)", native, ""),
    ("MPISync runtime, guard off", linked, ""),
    ("guard on, no bounds file", linked, "scaling_guard=1"),
    ("guard on, MPI_Gather bound", linked, "scaling_guard=1:scaling_bounds=" + bounds),
]
times = {name: ([], []) for name, _, _ in settings}
env = dict(os.environ, UCX_TLS=os.environ.get("UCX_TLS", "sm,self"))
for r in range(rounds):
    for name, exe, opts in settings:
        e = dict(env, MPISYNC_OPTIONS=opts)
        out = subprocess.check_output(["mpiexec", "-n", procs, exe, iters, size], env=e, text=True)
        words = out.split()
        times[name][0].append(float(words[1]))
        times[name][1].append(float(words[3]))
base_v = statistics.median(times[settings[0][0]][0])
base_g = statistics.median(times[settings[0][0]][1])
print("| setting (P = %s) | MPI_Gatherv us/call" % procs + " | ratio | MPI_Gather us/call | ratio |")
print("|---|---:|---:|---:|---:|")
for name, _, _ in settings:
    v, g = statistics.median(times[name][0]), statistics.median(times[name][1])
    print("| %s | %.2f | %.2fx | %.2f | %.2fx |" % (name, v, v / base_v, g, g / base_g))
