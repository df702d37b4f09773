#!/usr/bin/env python3
"""MPISync overhead benchmark: builds the workloads of bench/workloads/ natively
and in each MPISync configuration, runs them side by side (interleaved), checks
every run against the native checksum, and prints ratios to native.

    python3 bench/run.py [--build-dir DIR] [--workloads a,b] [--configs ...]
                         [--repeat N] [--ranks 2] [--markdown FILE]

See bench/README.md. Standard library only.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WORKLOAD_DIR = os.path.join(HERE, "workloads")

# Workload -> (arguments of the measured run, arguments of --size quick).
# Sizes are tuned for 6-8 s per native run with 2 ranks on an idle 2-core
# machine (AMD EPYC); a loaded machine stretches them (within 5-30 s).
WORKLOADS = {
    "stencil3d": ("128 1500", "32 40"),
    "cg": ("96 600", "24 30"),
    "intsort": ("24 16", "18 3"),
    "fft_transpose": ("11 26", "8 2"),
    "multigrid": ("256 20", "16 2"),
    "rma": ("2048 1200", "256 20"),
    # About 10^5 operations pending at once (docs/performance.md): the
    # runtime's cost per operation must not grow with their number.
    "bfs_rma": ("16384 8 16", "1024 4 1"),
    "labelprop_p2p": ("100000 60", "2000 10"),
    # What made public codes slower than the workloads above (issue 20):
    # window memory read and written tile by tile between fence epochs ...
    "transpose_rma": ("2048 32 10", "256 32 2"),
    # ... indirect gathers next to a receive pending in place, in C++
    # templates (whose compile time counts too) ...
    "fem_assembly": ("1024 200", "64 20"),
    # ... and start-up and shut-down, in a run well under a second.
    "startup": ("200", "20"),
    # MPI_THREAD_MULTIPLE: 4 threads per rank exchanging halos, never
    # synchronizing with one another (docs/performance.md).
    "threads_p2p": ("20000 64 4", "200 64 4"),
    # A public ray tracer (tachyon, docs/performance.md "Public
    # applications") ran 2.7x: pointer chasing through function pointers
    # while a receive into the image stays pending the whole frame.
    "raytrace_p2p": ("1024 1024 96 8", "64 64 16 1"),
    # A large translation unit (4,900 lines, 96 modules of small functions,
    # each with its halo exchange): compile time on a big file of many
    # functions, and many small messages per step.
    "large_source": ("8192 2000", "64 2"),
    # Sparse-matrix kernels as solver libraries write them: call-free CSR
    # loops with indirect column accesses, which is where public codes'
    # compile time went (hypre's parcsr_mv 1.71x, docs/performance.md
    # "Session 56").
    "csr_kernels": ("512 400", "32 8"),
}

# Workloads written in C++ (bench/workloads/<name>.cpp); the rest are C.
CXX_WORKLOADS = {"fem_assembly"}

# Below this native time (seconds, the median of the first --repeat runs),
# a workload gets --short-repeat runs per configuration instead.
SHORT_RUN_S = 1.0
# Workloads whose C source a script writes (bench/workloads/<name>.py OUT.c),
# into the work directory before the compiles are timed.
GENERATED_WORKLOADS = {"large_source"}


def mllvm(**switches):
    """-mllvm -mpisync-<name>=<0|1> for each switch (underscores -> dashes)."""
    out = []
    for name, value in switches.items():
        out += ["-mllvm", "-mpisync-%s=%d" % (name.replace("_", "-"), value)]
    return out


# Every static filter and loop transformation off.
_STATIC_OFF = dict(skip_nonescaping_allocas=0, know_mpi_arguments=0,
                   skip_constant_memory=0, skip_private_globals=0,
                   skip_private_heap=0, clone_loops=0, hoist_affine=0,
                   dedup_checks=0)

# Configuration -> pass switches (None: native build with plain mpicc).
CONFIGS = {
    "native": None,
    # Every access calls the runtime (C calling convention), no filter.
    "basic": mllvm(inline_pending=0, preserve_all_cc=0, **_STATIC_OFF),
    # The inline "anything pending" word only; the runtime does the rest.
    "ER": mllvm(inline_pending=1, inline_access_type=0, inline_range=0,
                inline_shadow=0, **_STATIC_OFF),
    # + inline test of the pending access type.
    "ER+AT": mllvm(inline_pending=1, inline_access_type=1, inline_range=0,
                   inline_shadow=0, **_STATIC_OFF),
    # + inline range (lo/span) and shadow tests.
    "ER+AT+MR": mllvm(inline_pending=1, inline_access_type=1, inline_range=1,
                      inline_shadow=1, **_STATIC_OFF),
    # The defaults: everything on (static filters, cloning, hoisting, dedup).
    "full": [],
    # The defaults but for the range checks outside call-free loops, which
    # keep their inline tests instead of a call to a _cold entry
    # (docs/design.md): the compile time that change saves, and what it
    # costs at run time, side by side.
    "inline-ranges": mllvm(cold_range_checks=0),
    # The full build run with the RMA checks of the origin side only
    # (rma_target_checks=0, docs/options.md): what a user who trades the
    # target-side conflicts for speed pays.
    "rma-origin": [],
    # The full build run tracking one nonblocking operation in 16
    # (sample_ops=16, docs/options.md): what a user who trades certainty of
    # detection per run for speed pays.
    "sampled": [],
    # The full build run with amplify on (docs/amplify.md): its cost is that
    # of holding, bouncing, splitting and reordering, on top of "full".
    "amplify": [],
    # A native binary run with the runtime preloaded and amplify on: the
    # layer's cost without instrumentation.
    "amplify-preload": None,
}

# Configuration -> what its runs add to the environment; "{lib}" is the
# build tree's lib/ directory.
RUN_ENV = {
    "rma-origin": {"MPISYNC_OPTIONS": "rma_target_checks=0"},
    "sampled": {"MPISYNC_OPTIONS": "sample_ops=16"},
    "amplify": {"MPISYNC_OPTIONS": "amplify=1"},
    "amplify-preload": {"LD_PRELOAD": "{lib}/libmpisync_preload.so",
                        "MPISYNC_OPTIONS": "amplify=1"},
}


def run_env(args, config, options=None):
    """The environment a run of `config` adds, with MPISYNC_OPTIONS extended
    by `options` (e.g. stats=1)."""
    env = {k: v.replace("{lib}", os.path.join(args.build_dir, "lib"))
           for k, v in RUN_ENV.get(config, {}).items()}
    if options:
        env["MPISYNC_OPTIONS"] = ":".join(
            o for o in (env.get("MPISYNC_OPTIONS"), options) if o)
    return env

STAT_KEYS = [
    ("checks reaching the runtime", "reached"),
    ("with something pending (ER)", "pending"),
    ("of a pending access type (AT)", "type"),
    ("inside the pending interval (MR)", "range"),
    ("on a marked shadow granule", "shadow"),
    ("conflicting (reported or duplicate)", "conflict"),
]

REPORT_RE = re.compile(r"(ERROR|WARNING): MPISync|SUMMARY: MPISync")
CHECKSUM_RE = re.compile(r"^checksum:.*$", re.M)


class Failure(Exception):
    pass


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def find_tool(*names):
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


# --------------------------------------------------------------------------
# Building


def timed(cmd, env=None):
    """Runs a build step; returns its CPU time (user + system, of the whole
    process tree), which a loaded machine perturbs far less than wall time."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       env=env, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    dt = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    if p.returncode != 0:
        raise Failure("build failed (%d): %s\n%s" % (p.returncode,
                                                    " ".join(map(shlex.quote, cmd)),
                                                    p.stdout))
    return dt


def text_size(path, size_tool):
    """Bytes in .text* sections (SysV output of llvm-size/size)."""
    out = subprocess.run([size_tool, "-A", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, check=True).stdout
    total = 0
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].startswith(".text") and parts[1].isdigit():
            total += int(parts[1])
    return total


def build_commands(args, workload, config, outdir):
    """The compile and link commands of one workload in one configuration."""
    cxx = workload in CXX_WORKLOADS
    src = os.path.join(WORKLOAD_DIR, workload + (".cpp" if cxx else ".c"))
    if workload in GENERATED_WORKLOADS:
        src = os.path.join(outdir, workload + ".c")
    base = os.path.join(outdir, "%s.%s" % (workload, config.replace("+", "_")))
    obj, exe = base + ".o", base
    flags = CONFIGS[config]
    if flags is None:
        # Open MPI's wrappers take their compiler from OMPI_CC/OMPI_CXX
        # (main() sets them), MPICH's from -cc=/-cxx=.
        mpich = args.mpi == "mpich"
        if cxx:
            cc = [args.mpicxx] + (["-cxx=" + args.native_cxx] if mpich else [])
        else:
            cc = [args.mpicc] + (["-cc=" + args.native_cc] if mpich else [])
        compile_extra, link_extra = [], []
    else:
        cc = [os.path.join(args.build_dir, "bin",
                           "mpisync-mpicxx" if cxx else "mpisync-mpicc")]
        compile_extra = ["-fsanitize=mpisync"] + flags
        link_extra = ["-fsanitize=mpisync"]
    copt = shlex.split(args.cflags)
    return {"compile": cc + copt + compile_extra + ["-c", src, "-o", obj],
            "link": cc + copt + link_extra + [obj, "-o", exe, "-lm"],
            "obj": obj, "exe": exe}


def build(args, workload, configs, outdir, size_tool, failed):
    """Compiles and links one workload in every configuration. Compile time
    is CPU time, the fastest of --build-repeat compiles (on a shared virtual
    machine identical compiles vary by up to 40%, and noise only ever adds),
    taken in rounds that compile every configuration once, so that a change
    in the machine's load falls on all of them alike. Configurations with
    the same compiler flags (full, sampled, rma-origin, amplify differ at
    run time only) are one compile: their samples are pooled into one
    minimum, and every group of them gets as many samples per round as the
    largest (native is compiled that many times too), so that no
    configuration's minimum is taken over more samples than another's.
    failed(config, error) is told of a configuration that does not build;
    the others are returned: config -> {exe, compile_s, text_obj,
    text_exe}."""
    if workload in GENERATED_WORKLOADS:
        subprocess.run([sys.executable,
                        os.path.join(WORKLOAD_DIR, workload + ".py"),
                        os.path.join(outdir, workload + ".c")], check=True)
    cmds = {c: build_commands(args, workload, c, outdir) for c in configs}
    groups = {}  # compiler flags -> the configurations built with them
    for c in configs:
        groups.setdefault(repr(CONFIGS[c]), []).append(c)
    per_round = max(len(g) for g in groups.values())
    times = {key: [] for key in groups}
    live = list(configs)
    for _ in range(args.build_repeat):
        for key, members in groups.items():
            for i in range(per_round):
                # Each member compiles its own object at least once.
                c = members[i % len(members)]
                if c not in live:
                    continue
                try:
                    times[key].append(timed(cmds[c]["compile"]))
                except Failure as e:
                    failed(c, e)
                    live.remove(c)
    built = {}
    for c in live:
        try:
            timed(cmds[c]["link"])
        except Failure as e:
            failed(c, e)
            continue
        built[c] = {
            "exe": cmds[c]["exe"],
            "compile_s": min(times[repr(CONFIGS[c])]),
            "text_obj": text_size(cmds[c]["obj"], size_tool),
            "text_exe": text_size(cmds[c]["exe"], size_tool),
        }
    return built


# --------------------------------------------------------------------------
# Running


def run_once(args, exe, wargs, extra_env, logpath):
    """Runs mpiexec -n R exe wargs; returns wall seconds, max RSS (KiB, of the
    largest process of the tree), exit status and the combined output."""
    env = dict(os.environ)
    env["UCX_WARN_UNUSED_ENV_VARS"] = "n"
    env.pop("MPISYNC_OPTIONS", None)
    env.update(extra_env)
    cmd = [args.mpiexec] + shlex.split(args.mpiexec_args) + \
        ["-n", str(args.ranks), exe] + shlex.split(wargs)
    with open(logpath, "w+") as out:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env,
                             start_new_session=True)
        deadline = t0 + args.timeout
        timed_out = False
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                timed_out = True
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    return {"wall": wall, "maxrss_kb": ru.ru_maxrss, "rc": p.returncode,
            "timeout": timed_out, "output": text, "log": logpath}


def checksum_of(output):
    m = CHECKSUM_RE.findall(output)
    return m[-1].strip() if m else None


def parse_stats(output):
    """Sums the per-rank statistics lines of MPISYNC_OPTIONS=stats=1."""
    totals = {key: 0 for _, key in STAT_KEYS}
    seen = False
    for line in output.splitlines():
        s = line.strip()
        for label, key in STAT_KEYS:
            if s.startswith(label):
                rest = s[len(label):].split()
                if rest and rest[0].isdigit():
                    totals[key] += int(rest[0])
                    seen = True
    return totals if seen else None


def check_run(res, config, native_sum, what, failures):
    """Records a failure for a crash, a report or a checksum mismatch."""
    problems = []
    if res["timeout"]:
        problems.append("timed out")
    elif res["rc"] != 0:
        problems.append("exit status %d" % res["rc"])
    if config != "native" and REPORT_RE.search(res["output"]):
        problems.append("MPISync report on a correct workload")
    got = checksum_of(res["output"])
    if got is None:
        problems.append("no checksum line")
    elif native_sum is not None and got != native_sum:
        problems.append("checksum mismatch: native '%s', %s '%s'"
                        % (native_sum, config, got))
    if problems:
        msg = "%s: %s (log: %s)" % (what, "; ".join(problems), res["log"])
        tail = "\n".join(res["output"].splitlines()[-40:])
        failures.append(msg)
        log("FAILURE " + msg + "\n" + tail)
        return False
    return True


# --------------------------------------------------------------------------
# Tables


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_ratio(x):
    return "-" if x is None else "%.2fx" % x


def fmt_count(n):
    if n is None:
        return "-"
    if n < 10000:
        return str(n)
    return "%.3g" % n


def fmt_kib(k):
    return "%.0f MiB" % (k / 1024.0) if k >= 1024 else "%d KiB" % k


def render(headers, rows, markdown):
    if markdown:
        lines = ["| " + " | ".join(headers) + " |",
                 "|" + "|".join("---:" if i else ":---" for i in range(len(headers))) + "|"]
        for r in rows:
            lines.append("| " + " | ".join(r) + " |")
        return "\n".join(lines)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    def line(cells):
        return "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i])
                         for i, c in enumerate(cells))
    out = [line(headers), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    return "\n".join(out)


def tables(results, workloads, configs, markdown, with_stats):
    """Returns the report text: a summary (run time) and a detailed table."""
    inst = [c for c in configs if c != "native"]
    parts = []

    def ratio(w, c, key):
        r = results[w]
        if key == "time" and r["native"].get("times") and r[c].get("times"):
            # Paired: each repeat's run against the native run of the same
            # repeat (they ran back to back), then the median.
            pairs = [v / n for n, v in zip(r["native"]["times"], r[c]["times"])
                     if n and v]
            return statistics.median(pairs) if pairs else None
        n, v = r["native"].get(key), r[c].get(key)
        if n is None or v is None or n == 0:
            return None
        return v / n

    # Summary: run time.
    rows = []
    for w in workloads:
        n = results[w]["native"].get("time")
        rows.append([w, "-" if n is None else "%.2f" % n] +
                    [fmt_ratio(ratio(w, c, "time")) for c in inst])
    rows.append(["geomean", ""] +
                [fmt_ratio(geomean([ratio(w, c, "time") for w in workloads]))
                 for c in inst])
    parts.append(("Run time (native: median wall seconds of mpiexec; others: median over "
                  "the repeats of the ratio to the native run of the same repeat)",
                  render(["workload", "native s"] + inst, rows, markdown)))

    # Details: one row per workload and metric.
    metrics = [
        ("time", "run time", lambda v: "%.2f s" % v),
        ("maxrss", "peak RSS", fmt_kib),
        ("text_obj", ".text (object)", lambda v: "%d B" % v),
        ("text_exe", ".text (binary)", lambda v: "%d B" % v),
        ("compile", "compile time", lambda v: "%.2f s" % v),
    ]
    rows = []
    for w in workloads:
        first = True
        for key, label, fmt in metrics:
            nv = results[w]["native"].get(key)
            rows.append([w if first else "", label, "-" if nv is None else fmt(nv)] +
                        [fmt_ratio(ratio(w, c, key)) for c in inst])
            first = False
        if with_stats:
            rows.append(["", "checks reaching runtime", "-"] +
                        [fmt_count((results[w][c].get("stats") or {}).get("reached"))
                         for c in inst])
    for key, label, _ in metrics:
        rows.append(["geomean", label, ""] +
                    [fmt_ratio(geomean([ratio(w, c, key) for w in workloads]))
                     for c in inst])
    parts.append(("Details (ratios to native; counts are sums over ranks of one "
                  "MPISYNC_OPTIONS=stats=1 run of the same problem)" if with_stats
                  else "Details (ratios to native)",
                  render(["workload", "metric", "native"] + inst, rows, markdown)))

    # Filter levels of the basic configuration (every access reaches the runtime).
    if with_stats and "basic" in inst:
        rows = []
        for w in workloads:
            st = results[w]["basic"].get("stats")
            rows.append([w] + [fmt_count(st.get(k)) if st else "-" for _, k in STAT_KEYS])
        parts.append(("Accesses let through by each filter level (basic "
                      "configuration: every instrumented access reaches the runtime)",
                      render(["workload", "accesses", "pending (ER)", "of the type (AT)",
                              "in range (MR)", "shadow set", "conflicting"], rows, markdown)))
    sep = "\n\n"
    if markdown:
        return sep.join("**%s**\n\n%s" % (t, b) for t, b in parts)
    return sep.join("%s\n%s" % (t, b) for t, b in parts)


# --------------------------------------------------------------------------


def machine_description(args):
    lines = []
    try:
        cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                    if l.startswith("model name")), platform.processor())
    except OSError:
        cpu = platform.processor()
    lines.append("- CPU: %s, nproc %d" % (cpu, os.cpu_count() or 0))
    try:
        mem = next(l.split()[1] for l in open("/proc/meminfo") if l.startswith("MemTotal"))
        lines.append("- memory: %.1f GiB" % (int(mem) / 1048576.0))
    except (OSError, StopIteration):
        pass
    lines.append("- kernel: %s %s" % (platform.system(), platform.release()))
    lines.append("- date: %s" % datetime.datetime.now().strftime("%Y-%m-%d %H:%M %Z").strip())
    for cmd in ([args.native_cc, "--version"],
                ["mpichversion"] if args.mpi == "mpich" else [args.mpiexec, "--version"]):
        try:
            first = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True).stdout.splitlines()
            if first:
                lines.append("- %s: %s" % (os.path.basename(cmd[0]),
                                           " ".join(" ".join(first[:2]).split())))
        except OSError:
            pass
    src = None
    try:
        for l in open(os.path.join(args.build_dir, "CMakeCache.txt")):
            if l.startswith("CMAKE_HOME_DIRECTORY:"):
                src = l.split("=", 1)[1].strip()
    except OSError:
        pass
    rev = None
    if src:
        p = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        rev = p.stdout.strip() if p.returncode == 0 else None
        if not rev and os.path.exists(os.path.join(src, ".commit")):
            rev = open(os.path.join(src, ".commit")).read().strip()
    lines.append("- MPISync: build %s (source %s%s)" % (
        args.build_dir, src or "?", ", commit " + rev if rev else ""))
    lines.append("- ranks: %d; repeats: %d (median), %d for a workload whose "
                 "native runs took under %.0f s" % (
                     args.ranks, args.repeat, max(args.repeat, args.short_repeat),
                     SHORT_RUN_S))
    return "\n".join(lines)


def set_mpi_defaults(args):
    """--mpi from the build tree, and that MPI's wrapper and mpiexec by their
    explicit names (docs/which-mpi.md)."""
    if not args.mpi:
        args.mpi = "mpich"
        try:
            with open(os.path.join(args.build_dir, "CMakeCache.txt")) as f:
                for line in f:
                    if line.startswith("MPISYNC_MPI:"):
                        args.mpi = line.split("=", 1)[1].strip()
        except OSError:
            pass
    suffix = "." + args.mpi
    args.mpicc = args.mpicc or (shutil.which("mpicc" + suffix) and "mpicc" + suffix) or "mpicc"
    args.mpicxx = args.mpicxx or (shutil.which("mpicxx" + suffix) and "mpicxx" + suffix) \
        or "mpicxx"
    args.mpiexec = args.mpiexec or (shutil.which("mpiexec" + suffix) and "mpiexec" + suffix) \
        or "mpiexec"
    if args.mpiexec_args is None:
        args.mpiexec_args = "--oversubscribe" if args.mpi == "openmpi" else ""
    if args.mpi == "openmpi":
        os.environ["OMPI_CC"] = args.native_cc
        os.environ["OMPI_CXX"] = args.native_cxx
        # Open MPI's default one-sided component fails to create windows
        # on one node without an RMA network (docs/which-mpi.md).
        os.environ.setdefault("OMPI_MCA_osc", "sm,pt2pt")
        if os.geteuid() == 0:
            os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
            os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.environ.get("MPISYNC_BUILD_DIR",
                                                          os.path.join(REPO, "build")),
                    help="MPISync build tree (with bin/mpisync-mpicc); default: build/")
    ap.add_argument("--workloads", default=",".join(WORKLOADS),
                    help="comma-separated list (default: all): " + ",".join(WORKLOADS))
    ap.add_argument("--configs", default=",".join(CONFIGS),
                    help="comma-separated list (default: all; native is always "
                         "run): " + ",".join(CONFIGS))
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per configuration")
    ap.add_argument("--short-repeat", type=int, default=9,
                    help="timed runs per configuration of a workload whose native "
                         "runs took under SHORT_RUN_S (1 s; median of the first "
                         "--repeat)")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--no-stats", dest="stats", action="store_false",
                    help="skip the extra MPISYNC_OPTIONS=stats=1 run per configuration")
    ap.add_argument("--stats", dest="stats", action="store_true",
                    help="(default) count instrumented accesses in one extra run")
    ap.add_argument("--size", choices=["full", "quick"], default="full",
                    help="quick: tiny problems, to test the harness")
    ap.add_argument("--args", action="append", default=[], metavar="WORKLOAD=ARGS",
                    help="run WORKLOAD with ARGS instead of its table size "
                         "(repeatable), e.g. --args 'bfs_rma=4096 8 2'")
    ap.add_argument("--markdown", metavar="FILE", help="also write the tables as Markdown")
    ap.add_argument("--work-dir", help="binaries and run logs (default: BUILD_DIR/bench)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per run")
    ap.add_argument("--build-repeat", type=int, default=5,
                    help="compilations per binary (the fastest counts)")
    ap.add_argument("--mpi", choices=["mpich", "openmpi"],
                    help="the MPI of the build (default: the build tree's MPISYNC_MPI); "
                         "sets the defaults of --mpicc, --mpiexec, --mpiexec-args")
    ap.add_argument("--mpicc")
    ap.add_argument("--native-cc", default="clang-19")
    ap.add_argument("--mpicxx")
    ap.add_argument("--native-cxx", default="clang++-19")
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--mpiexec")
    ap.add_argument("--mpiexec-args", help="e.g. '-bind-to core'")
    ap.add_argument("--json", metavar="FILE",
                    help="raw results (default: WORK_DIR/results.json)")
    ap.add_argument("--rerender", metavar="JSON",
                    help="only print (and --markdown) the tables of a saved run")
    ap.set_defaults(stats=True)
    args = ap.parse_args()
    if args.rerender:
        with open(args.rerender) as f:
            return report(json.load(f), args.markdown)

    args.build_dir = os.path.abspath(args.build_dir)
    set_mpi_defaults(args)
    workloads = [w for w in args.workloads.split(",") if w]
    configs = [c for c in args.configs.split(",") if c]
    for w in workloads:
        if w not in WORKLOADS:
            ap.error("unknown workload %r (have: %s)" % (w, ", ".join(WORKLOADS)))
    for c in configs:
        if c not in CONFIGS:
            ap.error("unknown configuration %r (have: %s)" % (c, ", ".join(CONFIGS)))
    configs = ["native"] + [c for c in configs if c != "native"]
    sizes = {w: WORKLOADS[w][0 if args.size == "full" else 1] for w in workloads}
    for spec in args.args:
        w, eq, wargs = spec.partition("=")
        if not eq or w not in WORKLOADS:
            ap.error("--args wants WORKLOAD=ARGS with a known workload, got %r" % spec)
        sizes[w] = wargs
    if not os.path.exists(os.path.join(args.build_dir, "bin", "mpisync-mpicc")) and \
            len(configs) > 1:
        ap.error("no bin/mpisync-mpicc in %s (--build-dir)" % args.build_dir)
    size_tool = find_tool("llvm-size-19", "llvm-size", "size")
    if not size_tool:
        ap.error("neither llvm-size nor size found")
    work = os.path.abspath(args.work_dir or os.path.join(args.build_dir, "bench"))
    bindir, logdir = os.path.join(work, "bin"), os.path.join(work, "logs")
    os.makedirs(bindir, exist_ok=True)
    os.makedirs(logdir, exist_ok=True)

    failures = []
    results = {}
    t_start = time.time()
    load_start = os.getloadavg()
    for w in workloads:
        wargs = sizes.get(w, "")
        res = {c: {} for c in configs}
        results[w] = res
        exes = {}

        def failed(c, e, w=w):
            failures.append("%s/%s: %s" % (w, c, str(e).splitlines()[0]))
            log("FAILURE %s/%s: %s" % (w, c, e))

        built = build(args, w, configs, bindir, size_tool, failed)
        for c in configs:
            if c not in built:
                continue
            b = built[c]
            exes[c] = b["exe"]
            res[c].update(compile=b["compile_s"], text_obj=b["text_obj"],
                          text_exe=b["text_exe"])
            log("built %-14s %-9s compile %.2f s, .text %d B (object), %d B (binary)"
                % (w, c, b["compile_s"], b["text_obj"], b["text_exe"]))
        if "native" not in exes:
            continue
        native_sum = None
        samples = {c: [] for c in exes}
        times = {c: [] for c in exes}
        repeats, rep = args.repeat, 0
        while rep < repeats:
            for c in configs:
                if c not in exes:
                    continue
                what = "%s/%s run %d" % (w, c, rep + 1)
                r = run_once(args, exes[c], wargs, run_env(args, c),
                             os.path.join(logdir, "%s.%s.%d.log" % (w, c.replace("+", "_"), rep + 1)))
                if c == "native" and native_sum is None:
                    native_sum = checksum_of(r["output"])
                ok = check_run(r, c, native_sum, what, failures)
                log("%-32s %7.2f s  rss %s  %s" % (what, r["wall"], fmt_kib(r["maxrss_kb"]),
                                                   checksum_of(r["output"]) if ok else "FAILED"))
                if ok:
                    samples[c].append(r)
                times[c].append(r["wall"] if ok else None)
            rep += 1
            native_times = [t for t in times["native"] if t is not None]
            if rep == args.repeat and native_times and \
                    statistics.median(native_times) < SHORT_RUN_S:
                # A sub-second run's native time is bimodal on this kind of
                # machine (threads_p2p: 0.30, 2.03 or even 6.9 s; labelprop_p2p:
                # 0.65 or 1.07 s): three pairs leave its ratio to chance.
                repeats = max(repeats, args.short_repeat)
        for c in exes:
            if samples[c]:
                res[c]["time"] = statistics.median(s["wall"] for s in samples[c])
                res[c]["maxrss"] = statistics.median(s["maxrss_kb"] for s in samples[c])
                res[c]["times"] = times[c]
        if args.stats:
            for c in configs:
                if c == "native" or c not in exes:
                    continue
                what = "%s/%s stats run" % (w, c)
                r = run_once(args, exes[c], wargs, run_env(args, c, "stats=1"),
                             os.path.join(logdir, "%s.%s.stats.log" % (w, c.replace("+", "_"))))
                ok = check_run(r, c, native_sum, what, failures)
                st = parse_stats(r["output"]) if ok else None
                if ok and st is None:
                    failures.append("%s: no statistics in the output (log: %s)" % (what, r["log"]))
                res[c]["stats"] = st
                log("%-32s %7.2f s  reached %s" % (what, r["wall"],
                                                   fmt_count(st["reached"]) if st else "-"))

    elapsed = time.time() - t_start
    load_end = os.getloadavg()
    run = {
        "machine": machine_description(args),
        "command": "python3 bench/run.py " + " ".join(map(shlex.quote, sys.argv[1:])),
        "elapsed_s": elapsed, "load_start": load_start[0], "load_end": load_end[0],
        "workloads": workloads, "configs": configs, "stats": args.stats,
        "args": {w: sizes[w] for w in workloads},
        "results": results, "failures": failures,
    }
    json_path = args.json or os.path.join(work, "results.json")
    with open(json_path, "w") as f:
        json.dump(run, f, indent=1)
    log("raw results: " + json_path)
    return report(run, args.markdown)


def report(run, markdown_path):
    """Prints the tables of a run (and writes them as Markdown); the exit
    status: 1 if any run failed."""
    workloads, configs = run["workloads"], run["configs"]
    results, failures = run["results"], run["failures"]
    print()
    print(tables(results, workloads, configs, False, run["stats"]))
    print("\n(%.0f s; load average %.1f at the start, %.1f at the end)"
          % (run["elapsed_s"], run["load_start"], run["load_end"]))
    if markdown_path:
        md = ["## MPISync overhead", "", run["machine"],
              "- harness: `%s` (%.0f min; load average %.1f at the start, %.1f at the end)"
              % (run["command"], run["elapsed_s"] / 60, run["load_start"], run["load_end"]),
              "- problem sizes (workload arguments): " +
              ", ".join("`%s %s`" % (w, run["args"][w]) for w in workloads),
              "", tables(results, workloads, configs, True, run["stats"]), ""]
        if failures:
            md += ["**Failures**", ""] + ["- " + f for f in failures] + [""]
        with open(markdown_path, "w") as f:
            f.write("\n".join(md))
    if failures:
        print("\n%d failure(s):" % len(failures))
        for f in failures:
            print("  " + f)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
