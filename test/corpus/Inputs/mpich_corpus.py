#!/usr/bin/env python3
"""MPICH's own test suite as a corpus for the pass (docs/testing.md).

1. Compiles every C file under the suite's directory (as fetched and
   configured by tools/fetch-mpich-tests.sh) with `-fsanitize=mpisync` at
   each level of --levels, with the harness's include directories, and once
   more for every program the suite's Makefile.am builds from it with
   defines of its own (atomic_get.c as atomic_get_2int with -DTEST_2INT...).
   A compiler crash, or a compile that runs past its time limit, fails. So does a file that compiles without `-fsanitize=mpisync` but
   not with it. A file that does not compile without it either (a fragment
   other files include, a test of an MPI feature MPICH 4.0.2's headers lack)
   is counted and listed with its first error, not failed.
2. Links and runs a fixed sample of --run tests (the suite's own testlist
   entries for 2 processes, without extra arguments, outside the
   directories of erroneous programs) under mpiexec, each with a time limit.
   These are correct MPI programs: a report that is not in KNOWN_REPORTS
   fails, as does a test that no longer says "No Errors" when it did without
   MPISync.

usage: mpich_corpus.py --mpicc CMD --mpiexec CMD --tests DIR --work DIR
                       [--levels O2,O0] [--jobs N] [--run N] [--timeout S]
Prints one line per problem, then
  "compiled: F files x L levels, C crashes, B broken by -fsanitize=mpisync,
   N do not compile natively"
  "ran: R tests, K clean, P reported (Q known), T failed"
and exits non-zero on a crash, a broken file, an unknown report or a failed
test.
"""
import argparse
import concurrent.futures
import os
import re
import resource
import shlex
import signal
import subprocess
import sys
import time

# Programs of the sample that MPISync reports on, with the reason. A report
# on a correct program is a false report: fix the tool, or list it here and
# in docs/testing.md with why it stays.
KNOWN_REPORTS = {
    "pt2pt/dtype_send": "overlapping-buffers: a bug of the test, which posts "
    "8 MPI_Irecv into the same buffer at once (MPI 4.1 section 3.7.2: the "
    "buffer of a pending receive must not be used by another operation)",
    "pt2pt/sendrecv3": "overlapping-buffers: a bug of the test, which "
    "receives into buf[i] with MPI_Recv while its MPI_Isend from buf[i] is "
    "pending (MPI 4.1 section 3.7.2: a pending send buffer must not be "
    "modified)",
    # Window memory released while the window exists (issue 18: window
    # memory must outlive MPI_Win_free; docs/errors/pending-buffer-freed.md).
    "rma/winname": "pending-buffer-freed: MTestFreeWin (util/mtest.c) "
    "frees a window's memory before it calls MPI_Win_free",
    "rma/test3_am": "pending-buffer-freed: MPI_Free_mem(B) at line 112 "
    "before MPI_Win_free of the window over B at line 118",
    "rma/test2": "stack-buffer-out-of-scope: the window's memory is a "
    "block-scoped array B[] that goes out of scope before MPI_Win_free",
}
# Programs of the sample that fail under MPISync but not without it, with
# the reason: limits of the tool, each a known issue (docs/testing.md).
# None today (rma/window_creation, 1000 live windows, passes since windows
# over one group share the runtime's communicator).
KNOWN_FAILURES = {}

# Directories whose programs are erroneous on purpose (MPI error classes,
# fault tolerance) or need what a two-process run does not give (spawn,
# checkpointing, performance thresholds, device internals).
NOT_RUN_DIRS = {"errors", "ft", "spawn", "ckpoint", "perf", "impls", "manual",
                "dtpools", "util", "io", "threads"}

CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump:",
                 "frontend command failed", "LLVM ERROR", "Assertion")


def run(cmd, timeout=None, env=None):
    """(exit code, output); the code is None if the command ran past timeout,
    and then it is killed with everything it started (mpicc's clang, mpiexec's
    ranks)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         env=env, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return None, out.decode(errors="replace")


def cpu_seconds():
    """User and system time of the commands run so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def first_error(text):
    for line in text.splitlines():
        if "error:" in line:
            return line.strip()[:200]
    return text.strip().splitlines()[-1][:200] if text.strip() else "(no output)"


class Corpus:
    def __init__(self, args):
        self.args = args
        self.mpicc = shlex.split(args.mpicc)
        self.tests = os.path.abspath(args.tests)
        self.work = os.path.abspath(args.work)
        self.includes = ["-I" + os.path.join(self.tests, d)
                         for d in ("include", "dtpools/include", "dtpools")]

    def obj(self, unit, level):
        src, variant, _ = unit
        rel = os.path.relpath(src, self.tests)[:-2].replace("/", "__")
        return os.path.join(self.work, level, rel + variant + ".o")

    def compile(self, unit, level, sanitize=True):
        src, _, defines = unit
        flags = ["-fsanitize=mpisync"] if sanitize else []
        out = self.obj(unit, level) if sanitize else os.devnull
        cmd = self.mpicc + flags + ["-" + level, "-g", "-w"] + list(defines) + \
            ["-c", src, "-o", out, "-I" + os.path.dirname(src)] + self.includes
        return run(cmd, timeout=self.args.compile_timeout)

    def compile_one(self, job):
        """(unit, level) -> (kind, detail): ok, crash, timeout, broken, native."""
        unit, level = job
        code, text = self.compile(unit, level)
        if code == 0:
            return "ok", ""
        if code is None:
            return "timeout", "more than %d s" % self.args.compile_timeout
        if any(m in text for m in CRASH_MARKERS):
            return "crash", first_error(text)
        native_code, native_text = self.compile(unit, level, sanitize=False)
        if native_code == 0:
            return "broken", first_error(text)
        return "native", first_error(native_text)


def makefile_variants(directory):
    """{source file: [(program, defines)]} for the programs of the directory's
    Makefile.am that are built from one C file with -D flags of their own."""
    path = os.path.join(directory, "Makefile.am")
    if not os.path.isfile(path):
        return {}
    with open(path) as f:
        text = f.read().replace("\\\n", " ")
    sources, cppflags = {}, {}
    for m in re.finditer(r"^(\w+)_SOURCES\s*=\s*(.*)$", text, re.M):
        files = m.group(2).split()
        if len(files) == 1 and files[0].endswith(".c"):
            sources[m.group(1)] = files[0]
    for m in re.finditer(r"^(\w+)_CPPFLAGS\s*=\s*(.*)$", text, re.M):
        defines = [t for t in m.group(2).split() if t.startswith("-D")]
        if defines:
            cppflags[m.group(1)] = defines
    variants = {}
    for prog, defines in sorted(cppflags.items()):
        src = sources.get(prog)
        if src and os.path.isfile(os.path.join(directory, src)):
            variants.setdefault(os.path.join(directory, src), []).append(
                (prog, defines))
    return variants


def compile_units(root):
    """(source, variant suffix or "", defines): every C file as it is, and
    once per Makefile.am program built from it with defines."""
    units = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        variants = makefile_variants(d)
        for f in sorted(files):
            if f.endswith(".c") and not f.startswith("conftest"):
                src = os.path.join(d, f)
                units.append((src, "", ()))
                for prog, defines in variants.get(src, []):
                    units.append((src, "." + prog, tuple(defines)))
    return units


def testlist_entries(tests):
    """(directory, name, np) of the testlist entries run on 2 processes."""
    entries = []
    for d in sorted(os.listdir(tests)):
        path = os.path.join(tests, d, "testlist")
        if d in NOT_RUN_DIRS or not os.path.isfile(path):
            continue
        seen = set()
        with open(path) as f:
            for line in f:
                fields = line.split()
                if len(fields) < 2 or fields[0].startswith("#") or "@" in line:
                    continue
                name, np = fields[0], fields[1]
                # Extra arguments, environments, expected failures and
                # version gates: the plain entry of each program only.
                if np != "2" or len(fields) > 2 or name in seen:
                    continue
                if os.path.isfile(os.path.join(tests, d, name + ".c")):
                    seen.add(name)
                    entries.append((d, name, int(np)))
    return entries


def pick(entries, n):
    """n entries spread evenly over the sorted list: the same sample each run."""
    if n >= len(entries):
        return list(entries)
    step = len(entries) / n
    return [entries[int(k * step)] for k in range(n)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpicc", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--levels", default="O2,O0")
    # Each program at one level only, the levels taking turns over the
    # sorted programs: half the compiles, every file still through the pass
    # (docs/testing.md says what the suite runs).
    ap.add_argument("--split-levels", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--run", type=int, default=40)
    # rma/wincall takes 30 s without MPISync on a loaded 2-core machine.
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--compile-timeout", type=int, default=900)
    args = ap.parse_args()
    corpus = Corpus(args)
    levels = args.levels.split(",")
    for level in levels:
        os.makedirs(os.path.join(corpus.work, level), exist_ok=True)

    units = compile_units(corpus.tests)
    if args.split_levels:
        jobs = [(u, levels[k % len(levels)]) for k, u in enumerate(units)]
    else:
        jobs = [(u, l) for l in levels for u in units]
    results = {}
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for job, res in zip(jobs, pool.map(corpus.compile_one, jobs)):
            results[job] = res
    failed = False
    counts = {"ok": 0, "crash": 0, "timeout": 0, "broken": 0, "native": 0}
    native = set()
    for ((src, variant, _), level), (kind, detail) in sorted(results.items()):
        counts[kind] += 1
        rel = os.path.relpath(src, corpus.tests) + (
            " (%s)" % variant[1:] if variant else "")
        if kind in ("crash", "timeout", "broken"):
            print("%s -%s %s: %s" % (kind.upper(), level, rel, detail))
            failed = True
        elif kind == "native" and rel not in native:
            native.add(rel)
            print("not compilable natively: %s: %s" % (rel, detail))
    print("compiled: %d files as %d programs %s in %.0f s (%.0f s of "
          "CPU), %d crashes, %d timeouts, %d broken by -fsanitize=mpisync, %d "
          "do not compile natively" % (
              len({u[0] for u in units}), len(units),
              ("at one of %d levels" if args.split_levels else "x %d levels")
              % len(levels),
              time.time() - start, cpu_seconds(), counts["crash"],
              counts["timeout"], counts["broken"], len(native)))

    if args.run > 0:
        failed |= run_sample(corpus, results, levels[0])
    return 1 if failed else 0


def run_sample(corpus, results, level):
    """Links and runs the sample at `level`; returns whether anything failed."""
    tests = corpus.tests
    unit = lambda rel: (os.path.join(tests, rel), "", ())
    compiled = {u for (u, _), (kind, _) in results.items() if kind == "ok"}
    late_failures = []

    def ok(rel):
        """Whether rel's object exists at `level`: compiled now if the split
        put it at another level (the sample is the same either way)."""
        job = (unit(rel), level)
        if job not in results and unit(rel) in compiled:
            results[job] = kind, detail = corpus.compile_one(job)
            if kind != "ok":
                print("%s -%s %s: %s" % (kind.upper(), level, rel, detail))
                late_failures.append(rel)
        return results.get(job, ("",))[0] == "ok"

    util = [os.path.join("util", f) for f in
            ("mtest.c", "mtest_common.c", "mtest_single.c", "dtypes.c")]
    if not all(ok(u) for u in util):
        print("FAILED: the harness (util/) did not compile")
        return True
    entries = [e for e in testlist_entries(tests)
               if unit(os.path.join(e[0], e[1] + ".c")) in compiled]
    sample = [e for e in pick(entries, corpus.args.run)
              if ok(os.path.join(e[0], e[1] + ".c"))]
    env = dict(os.environ)
    env.pop("MPISYNC_OPTIONS", None)

    def one(entry):
        d, name, np = entry
        exe = os.path.join(corpus.work, "bin", d + "__" + name)
        objs = [corpus.obj(unit(r), level)
                for r in [os.path.join(d, name + ".c")] + util]
        cmd = corpus.mpicc + ["-fsanitize=mpisync"] + objs + \
            ["-o", exe, "-lm", "-lpthread"]
        code, text = run(cmd, timeout=300)
        if code != 0:
            return entry, "link", first_error(text)
        cmd = shlex.split(corpus.args.mpiexec) + ["-n", str(np), exe]
        code, text = run(cmd, timeout=corpus.args.timeout, env=env)
        if "MPISync" in text:
            summary = [l for l in text.splitlines() if "SUMMARY: MPISync" in l]
            return entry, "reported", (summary or [first_error(text)])[0]
        if code is None:
            return entry, "timeout", ""
        if code != 0 or "No Errors" not in text:
            return entry, "failed", "exit %s: %s" % (code, text.strip()[-200:])
        return entry, "clean", ""

    os.makedirs(os.path.join(corpus.work, "bin"), exist_ok=True)
    start = time.time()
    # One program at a time per core: each runs on two processes.
    with concurrent.futures.ThreadPoolExecutor(max(1, corpus.args.jobs // 2)) as pool:
        outcomes = list(pool.map(one, sample))
    failed = False
    counts = {}
    known = 0
    for (d, name, np), kind, detail in outcomes:
        counts[kind] = counts.get(kind, 0) + 1
        label = "%s/%s (-n %d)" % (d, name, np)
        if kind in ("failed", "timeout") and "%s/%s" % (d, name) in KNOWN_FAILURES:
            known += 1
            print("known failure: %s: %s (%s)" % (
                label, detail.splitlines()[-1] if detail else kind,
                KNOWN_FAILURES["%s/%s" % (d, name)]))
            continue
        if kind == "reported":
            reason = KNOWN_REPORTS.get("%s/%s" % (d, name))
            if reason:
                known += 1
                print("known report: %s: %s (%s)" % (label, detail, reason))
                continue
            print("REPORT on a correct program: %s: %s" % (label, detail))
            failed = True
        elif kind != "clean":
            print("%s: %s: %s" % (kind.upper(), label, detail))
            failed = True
    print("ran: %d tests in %.0f s, %d clean, %d reported or failed (%d known), "
          "%d unexplained" % (len(outcomes), time.time() - start,
                              counts.get("clean", 0),
                           len(outcomes) - counts.get("clean", 0), known,
                           len(outcomes) - counts.get("clean", 0) - known))
    return failed or bool(late_failures)


if __name__ == "__main__":
    sys.exit(main())
