#!/usr/bin/env python3
"""Overhead of rank cloning (docs/cloning.md) on the bench workloads.

For each workload and K it runs, side by side and --repeat times each
(the minimum counts):

  native          plain mpicc build, N ranks
  full            MPISync's default build, no clones
  platform K      full, clones=K, clone_sendcheck=0, clone_divide=0: the
                  platform alone (the parent checks as without clones)
  sendcheck K     full, clones=K, clone_sendcheck=1, clone_divide=0
  basic           the `basic` build (every access calls the runtime), no
                  clones
  basic K         basic, clones=K, clone_divide=0, clone_sendcheck=0: the
                  platform under the basic build, the parent checking all
  basic divided K basic, clones=K, clone_divide=1, clone_sendcheck=0: the
                  precise checks divided among the clones

Every run must print the native run's checksum (each clone prints it too)
and report nothing. With N*(K+1) processes on a small machine the runs are
oversubscribed: the numbers bound the cost from above.

usage: clones.py [--build-dir build] [--workloads cg,intsort] [--ranks 2]
                 [--clones 1,2,3,4] [--repeat 3] [--clone-ranks 0]
The machine's load (os.getloadavg) is printed before and after each
workload: other users of the cores stretch every ratio.
"""
import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import CONFIGS, WORKLOAD_DIR  # noqa: E402

SIZES = {"cg": "32 150", "intsort": "20 6", "multigrid": "32 6",
         "stencil3d": "48 100", "fft_transpose": "9 6",
         # The application-like workloads: label propagation over a graph
         # (point-to-point halo exchange) and breadth-first search with
         # one-sided communication (mirrored windows).
         "labelprop_p2p": "2000 10", "bfs_rma": "1024 4 1"}


def build(args, workload, config, outdir):
    src = os.path.join(WORKLOAD_DIR, workload + ".c")
    exe = os.path.join(outdir, "%s.%s" % (workload, config))
    flags = CONFIGS[config]
    if flags is None:
        cmd = ["mpicc", "-cc=clang", "-O2", src, "-o", exe, "-lm"]
    else:
        cmd = [os.path.join(args.build_dir, "bin", "mpisync-mpicc"), "-O2",
               "-fsanitize=mpisync"] + flags + [src, "-o", exe, "-lm"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return exe


def run(exe, size, procs, options):
    env = dict(os.environ, MPISYNC_OPTIONS=options)
    start = time.monotonic()
    p = subprocess.run(["mpiexec", "-n", str(procs), exe] + size.split(),
                       env=env, capture_output=True, text=True)
    seconds = time.monotonic() - start
    sums = sorted(set(l for l in p.stdout.splitlines() if l.startswith("checksum")))
    if p.returncode != 0 or "MPISync" in p.stderr:
        raise SystemExit("%s %s failed:\n%s" % (exe, options, p.stderr[-2000:]))
    return seconds, sums


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--workloads", default="cg,intsort")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--clones", default="1,2,3,4")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--clone-ranks", default="",
                    help="clone only these ranks (clone_ranks=, e.g. 0 as "
                         "in the paper's tables); default: every rank")
    ap.add_argument("--work", default="/tmp/mpisync-clones-bench")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    ks = [int(k) for k in args.clones.split(",")]
    n = args.ranks
    subset = args.clone_ranks

    def processes(k):
        cloned = len(subset.split(",")) if subset else n
        return n + k * cloned

    def opts(text):
        return text + (":clone_ranks=" + subset if subset else "")
    print("| workload | native s | full | " + " | ".join(
        "platform K=%d | sendcheck K=%d" % (k, k) for k in ks) +
        " | basic | " + " | ".join("basic K=%d | basic divided K=%d" % (k, k)
                                   for k in ks) + " |")
    print("|" + "---|" * (4 + 4 * len(ks)))
    for w in args.workloads.split(","):
        exes = {c: build(args, w, c, args.work) for c in ("native", "full", "basic")}
        runs = [("native", exes["native"], n, "")]
        runs.append(("full", exes["full"], n, ""))
        for k in ks:
            runs.append(("platform%d" % k, exes["full"], processes(k),
                         opts("clones=%d:clone_sendcheck=0:clone_divide=0" % k)))
            runs.append(("sendcheck%d" % k, exes["full"], processes(k),
                         opts("clones=%d:clone_sendcheck=1:clone_divide=0" % k)))
        runs.append(("basic", exes["basic"], n, ""))
        for k in ks:
            runs.append(("basicclones%d" % k, exes["basic"], processes(k),
                         opts("clones=%d:clone_sendcheck=0:clone_divide=0" % k)))
            runs.append(("divided%d" % k, exes["basic"], processes(k),
                         opts("clones=%d:clone_sendcheck=0:clone_divide=1" % k)))
        best = {}
        reference = None
        load = os.getloadavg()[0]
        for _ in range(args.repeat):
            for name, exe, procs, options in runs:
                seconds, sums = run(exe, SIZES[w], procs, options)
                if reference is None:
                    reference = sums
                elif sums != reference:
                    raise SystemExit("%s %s: checksum %s, native %s" %
                                     (w, name, sums, reference))
                best[name] = min(best.get(name, 1e9), seconds)
        native = best["native"]
        cells = ["%.2fx" % (best["full"] / native)]
        for k in ks:
            cells += ["%.2fx" % (best["platform%d" % k] / native),
                      "%.2fx" % (best["sendcheck%d" % k] / native)]
        cells.append("%.2fx" % (best["basic"] / native))
        for k in ks:
            cells += ["%.2fx" % (best["basicclones%d" % k] / native),
                      "%.2fx" % (best["divided%d" % k] / native)]
        print("| %s | %.2f | %s |" % (w, native, " | ".join(cells)))
        print("load %s: %.1f before, %.1f after" % (w, load, os.getloadavg()[0]),
              file=sys.stderr)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
