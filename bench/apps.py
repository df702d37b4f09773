#!/usr/bin/env python3
"""MPISync on public MPI applications (issue 20, issue 23 item 5): fetches
each application's Debian source package (bench/apps/fetch.sh), builds it
natively and with MPISync, runs the builds side by side (interleaved rounds,
median of --repeat, ratio to native), checks that the instrumented runs
report nothing and pass the application's own verification, and measures
compile time; --mode clones measures rank cloning on the same programs.

    python3 bench/apps.py [--build-dir DIR] [--apps hpcc,tachyon]
                          [--mode overhead|clones|all] [--repeat 3]
                          [--markdown FILE]

See bench/README.md ("Public applications"). Standard library only; the
helpers are bench/run.py's.
"""

import argparse
import copy
import importlib.util
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as bench  # noqa: E402  (bench/run.py: building, running, tables)

APP_DIR = os.path.join(HERE, "apps")
APPS = ["hpcc", "tachyon"]


def load_app(name):
    """bench/apps/<name>.py, loaded by path (bench/apps/ is no package)."""
    spec = importlib.util.spec_from_file_location("app_" + name,
                                                  os.path.join(APP_DIR, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.NAME = name
    return mod


def fetch(app, work):
    """The unpacked sources of `app` (fetched once into WORK/src/<app>)."""
    dest = os.path.join(work, "src", app.NAME)
    subprocess.run(["bash", os.path.join(APP_DIR, "fetch.sh"), dest, app.PACKAGE,
                    app.TARBALL, app.SHA256] + app.BUILD_DEPS, check=True)
    return os.path.join(dest, "src")


# --------------------------------------------------------------------------
# Building


def compiler(args, app, config):
    """The compiler command of a configuration and what it adds to compiles
    and to the link (bench/run.py's CONFIGS: native is plain mpicc)."""
    flags = bench.CONFIGS[config]
    if flags is None:
        if app.CXX:
            return [args.mpicxx, "-cxx=" + args.native_cxx], [], []
        return [args.mpicc, "-cc=" + args.native_cc], [], []
    driver = os.path.join(args.build_dir, "bin",
                          "mpisync-mpicxx" if app.CXX else "mpisync-mpicc")
    return [driver], ["-fsanitize=mpisync"] + flags, ["-fsanitize=mpisync"]


def build(args, app, src, configs, timed_configs, outdir):
    """Compiles every source of `app` in every configuration and links.
    Compile time is CPU time (bench/run.py's timed), per file the fastest
    of --build-repeat compiles taken in rounds over the configurations,
    summed over the files; configurations not in timed_configs are compiled
    once. Returns config -> {exe, compile_s, files}."""
    files = app.sources(src)
    common = shlex.split(args.cflags) + app.cflags(src)
    cc = {c: compiler(args, app, c) for c in configs}
    best = {c: 0.0 for c in configs}
    objs = {c: [] for c in configs}
    for c in configs:
        os.makedirs(os.path.join(outdir, c.replace("+", "_")), exist_ok=True)
    for i, (path, extra) in enumerate(files):
        name = "%03d_%s.o" % (i, os.path.splitext(os.path.basename(path))[0])
        times = {c: [] for c in configs}
        for r in range(args.build_repeat):
            for c in configs:
                if r and c not in timed_configs:
                    continue
                obj = os.path.join(outdir, c.replace("+", "_"), name)
                cmd = cc[c][0] + common + cc[c][1] + extra + ["-c", path, "-o", obj]
                times[c].append(bench.timed(cmd))
                if r == 0:
                    objs[c].append(obj)
        for c in configs:
            best[c] += min(times[c])
    built = {}
    for c in configs:
        exe = os.path.join(outdir, "%s.%s" % (app.NAME, c.replace("+", "_")))
        bench.timed(cc[c][0] + shlex.split(args.cflags) + cc[c][2] + objs[c] +
                    ["-o", exe] + app.LIBS)
        built[c] = {"exe": exe, "compile_s": best[c], "files": len(files)}
        bench.log("built %-8s %-6s %d files, compile %.1f s CPU" % (app.NAME, c, len(files),
                                                                    best[c]))
    return built


# --------------------------------------------------------------------------
# Running


def run_app(args, app, src, exe, config, size, procs, options, tag, ref, timeout=None):
    """One mpiexec run of `exe` with `procs` processes in its own directory
    (the applications read and write files in the current directory).
    Returns (result, problems); ref is the native run's fingerprint."""
    rundir = os.path.join(args.work, "run", app.NAME, tag)
    os.makedirs(rundir, exist_ok=True)
    app.prepare(rundir, size, args.ranks)
    env = {"MPISYNC_OPTIONS": options} if options else {}
    a = copy.copy(args)
    a.ranks = procs
    a.timeout = timeout or args.timeout
    cwd = os.getcwd()
    os.chdir(rundir)
    try:
        res = bench.run_once(a, exe, " ".join(map(shlex.quote, app.args(src, rundir, size))),
                             env, os.path.join(args.work, "logs", tag + ".log"))
    finally:
        os.chdir(cwd)
    problems = []
    known = known_reports(app, res["output"])
    if res["timeout"]:
        problems.append("timed out")
    elif res["rc"] != 0 and not (res["rc"] == 66 and known):
        problems.append("exit status %d" % res["rc"])
    if config != "native" and bench.REPORT_RE.search(res["output"]) and not known:
        problems.append("MPISync report")
    app_problems, fingerprint, metrics = app.verify(rundir, res["output"])
    problems += app_problems
    if ref is not None and fingerprint != ref:
        problems.append("%s differs from the native run's %s" % (fingerprint, ref))
    res.update(fingerprint=fingerprint, metrics=metrics, known=known)
    return res, problems


def known_reports(app, output):
    """The distinct SUMMARY lines of `output` if every report in it is one
    the app lists as understood (KNOWN_REPORTS: kind, source file), else
    []."""
    summaries = [l.strip() for l in output.splitlines() if l.startswith("SUMMARY: MPISync")]
    heads = len(re.findall(r"(?:ERROR|WARNING): MPISync", output))
    known = getattr(app, "KNOWN_REPORTS", [])

    def ok(line):
        return any(line.startswith("SUMMARY: MPISync: %s " % kind) and "/%s:" % path in line
                   for kind, path in known)
    # A report without a SUMMARY line (a job stopped by the cloning layer,
    # a warning) is never known.
    if not summaries or heads > len(summaries) or not all(ok(l) for l in summaries):
        return []
    return sorted(set(summaries))


def note_failure(failures, what, res, problems):
    msg = "%s: %s (log: %s)" % (what, "; ".join(problems), res["log"])
    failures.append(msg)
    bench.log("FAILURE " + msg + "\n" + "\n".join(res["output"].splitlines()[-30:]))


def overhead(args, app, src, built, failures):
    """native and full side by side: run time, kernel metrics, stats, compile
    time. Returns the app's result record."""
    configs = ["native", "full"]
    rec = {"load_start": os.getloadavg(), "configs": {c: {} for c in configs}}
    for c in configs:
        rec["configs"][c].update(compile=built[c]["compile_s"], files=built[c]["files"])
    ref = None
    times = {c: [None] * args.repeat for c in configs}
    metrics = {c: [] for c in configs}
    for rep in range(args.repeat):
        for c in configs:
            what = "%s/%s run %d" % (app.NAME, c, rep + 1)
            res, problems = run_app(args, app, src, built[c]["exe"], c, args.size, args.ranks,
                                    "", "%s.%s.%d" % (app.NAME, c, rep + 1), ref)
            if c == "native" and ref is None and not problems:
                ref = res["fingerprint"]
            bench.log("%-26s %7.2f s  %s" % (what, res["wall"], "; ".join(problems) or
                                             ("known report" if res["known"] else "ok")))
            for line in res["known"]:
                rec.setdefault("known", {}).setdefault(line, []).append(what)
            if problems:
                note_failure(failures, what, res, problems)
                continue
            times[c][rep] = res["wall"]
            metrics[c].append(res["metrics"])
    for c in configs:
        ok = [t for t in times[c] if t is not None]
        rec["configs"][c]["times"] = times[c]
        rec["configs"][c]["time"] = statistics.median(ok) if ok else None
        rec["configs"][c]["kernels"] = {
            k: statistics.median(m[k] for m in metrics[c] if k in m)
            for k, _, _ in app.KERNELS if any(k in m for m in metrics[c])}
    if args.stats:
        res, problems = run_app(args, app, src, built["full"]["exe"], "full", args.size,
                                args.ranks, "stats=1", "%s.full.stats" % app.NAME, ref)
        if problems:
            note_failure(failures, "%s/full stats run" % app.NAME, res, problems)
        rec["configs"]["full"]["stats"] = bench.parse_stats(res["output"])
    rec["load_end"] = os.getloadavg()
    return rec


def clone_runs(ks):
    """(name, build, processes per application rank, MPISYNC_OPTIONS): the
    runs of bench/clones.py, every rank cloned."""
    runs = [("native", "native", 1, ""), ("full", "full", 1, "")]
    for k in ks:
        runs.append(("platform K=%d" % k, "full", k + 1,
                     "clones=%d:clone_sendcheck=0:clone_divide=0" % k))
        runs.append(("SendCheck K=%d" % k, "full", k + 1,
                     "clones=%d:clone_sendcheck=1:clone_divide=0" % k))
    runs.append(("basic", "basic", 1, ""))
    for k in ks:
        runs.append(("basic K=%d" % k, "basic", k + 1,
                     "clones=%d:clone_sendcheck=0:clone_divide=0" % k))
        runs.append(("basic divided K=%d" % k, "basic", k + 1,
                     "clones=%d:clone_sendcheck=0:clone_divide=1" % k))
    return runs


def clones(args, app, src, built, failures):
    """Rank cloning (docs/cloning.md) at the "clones" size: the fastest of
    --clone-repeat interleaved rounds of every run, as bench/clones.py."""
    ks = [int(k) for k in args.clones.split(",")]
    rec = {"load_start": os.getloadavg(), "best": {}}
    size = "quick" if args.size == "quick" else "clones"
    ref = None
    runs = clone_runs(ks)
    for rep in range(args.clone_repeat):
        for name, c, mult, options in runs:
            tag = "%s.clones.%s.%d" % (app.NAME, name.replace(" ", "_").replace("=", ""),
                                       rep + 1)
            res, problems = run_app(args, app, src, built[c]["exe"], c, size,
                                    args.ranks * mult, options, tag, ref,
                                    args.clone_timeout)
            if name == "native" and ref is None and not problems:
                ref = res["fingerprint"]
            bench.log("%-34s %7.2f s  %s" % ("%s/%s" % (app.NAME, name), res["wall"],
                                             "; ".join(problems) or
                                             ("known report" if res["known"] else "ok")))
            for line in res["known"]:
                rec.setdefault("known", {}).setdefault(line, []).append(name)
            if problems == ["timed out"]:
                # Over --clone-timeout: shown as "> T" rather than left out.
                rec.setdefault("timeouts", {})[name] = args.clone_timeout
                continue
            if problems:
                note_failure(failures, "%s/%s (clones) run %d" % (app.NAME, name, rep + 1),
                             res, problems)
                continue
            rec["best"][name] = min(rec["best"].get(name, 1e9), res["wall"])
    rec["runs"] = [r[0] for r in runs]
    rec["load_end"] = os.getloadavg()
    return rec


# --------------------------------------------------------------------------
# Tables


def paired_ratio(rec, c):
    """Median over the rounds of the run's time over the native run of the
    same round (they ran back to back), as bench/run.py."""
    n, v = rec["configs"]["native"].get("times"), rec["configs"][c].get("times")
    pairs = [b / a for a, b in zip(n or [], v or []) if a and b]
    return statistics.median(pairs) if pairs else None


def overhead_tables(run, md):
    apps = [a for a in run["apps"] if a in run["overhead"]]
    parts = []
    if not apps:
        return parts
    rows = []
    for a in apps:
        rec = run["overhead"][a]
        n = rec["configs"]["native"]
        st = rec["configs"]["full"].get("stats") or {}
        comp = [rec["configs"][c].get("compile") for c in ("native", "full")]
        rows.append([a, "-" if n.get("time") is None else "%.2f" % n["time"],
                     bench.fmt_ratio(paired_ratio(rec, "full")),
                     "%.1f s" % comp[0], bench.fmt_ratio(comp[1] / comp[0] if comp[0] else None),
                     str(n.get("files", "-")), bench.fmt_count(st.get("reached")),
                     "%.1f / %.1f" % (rec["load_start"][0], rec["load_end"][0])])
    rows.append(["geomean", "", bench.fmt_ratio(bench.geomean(
        [paired_ratio(run["overhead"][a], "full") for a in apps])), "",
        bench.fmt_ratio(bench.geomean(
            [run["overhead"][a]["configs"]["full"]["compile"] /
             run["overhead"][a]["configs"]["native"]["compile"] for a in apps])),
        "", "", ""])
    parts.append(("Run time (native: median wall seconds of mpiexec; full: median "
                  "over the rounds of the ratio to the native run of the same round) "
                  "and compile time (CPU, per file the fastest compile, summed)",
                  bench.render(["app", "native s", "full", "compile native", "compile full",
                                "files", "checks reaching runtime", "load before / after"],
                               rows, md)))
    rows = []
    for a in apps:
        app = load_app(a)
        rec = run["overhead"][a]["configs"]
        for key, label, lower in app.KERNELS:
            nv, fv = rec["native"]["kernels"].get(key), rec["full"]["kernels"].get(key)
            r = None
            if nv and fv:
                r = fv / nv if lower else nv / fv
            rows.append([a, label, "-" if nv is None else "%.4g" % nv, bench.fmt_ratio(r)])
    parts.append(("Per kernel, from the application's own timers (median of the "
                  "rounds; slowdown of full: >1 is slower, for rates too)",
                  bench.render(["app", "kernel", "native", "full"], rows, md)))
    return parts


def clone_tables(run, md):
    parts = []
    for a in [a for a in run["apps"] if a in run["clones"]]:
        rec = run["clones"][a]
        best = rec["best"]
        native = best.get("native")
        names = [n for n in rec["runs"] if n != "native"]
        for group in ([n for n in names if not n.startswith("basic")],
                      [n for n in names if n.startswith("basic")]):
            row = [a, "-" if native is None else "%.2f" % native]
            row += [bench.fmt_ratio(best[n] / native) if native and n in best else
                    "> %.0f s" % rec["timeouts"][n] if n in rec.get("timeouts", {}) else "-"
                    for n in group]
            parts.append(("Rank cloning, %s (every rank cloned; load %.1f before, %.1f after)"
                          % (a, rec["load_start"][0], rec["load_end"][0]),
                          bench.render(["app", "native s"] + group, [row], md)))
    return parts


def report(run, markdown_path):
    parts = overhead_tables(run, False) + clone_tables(run, False)
    print("\n\n".join("%s\n%s" % p for p in parts))
    if markdown_path:
        md = ["## MPISync on public applications", "", run["machine"],
              "- harness: `%s` (%.0f min; load average %s at the start, %s at the end)"
              % (run["command"], run["elapsed_s"] / 60,
                 "/".join("%.1f" % x for x in run["load_start"]),
                 "/".join("%.1f" % x for x in run["load_end"])), ""]
        md += ["**%s**\n\n%s\n" % p for p in
               overhead_tables(run, True) + clone_tables(run, True)]
        known = {}
        for mode in ("overhead", "clones"):
            for a, rec in run[mode].items():
                for line, runs in rec.get("known", {}).items():
                    known.setdefault("%s: `%s`" % (a, line), []).extend(runs)
        if known:
            md += ["**Known reports** (understood, the runs counted; see the app's "
                   "KNOWN_REPORTS)", ""]
            md += ["- %s, in %d runs: %s" % (k, len(v), ", ".join(sorted(set(v))))
                   for k, v in known.items()] + [""]
        if run["failures"]:
            md += ["**Failures**", ""] + ["- " + f for f in run["failures"]] + [""]
        with open(markdown_path, "w") as f:
            f.write("\n".join(md))
    if run["failures"]:
        print("\n%d failure(s):" % len(run["failures"]))
        for f in run["failures"]:
            print("  " + f)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.environ.get("MPISYNC_BUILD_DIR",
                                                          os.path.join(bench.REPO, "build")))
    ap.add_argument("--apps", default=",".join(APPS), help="default: " + ",".join(APPS))
    ap.add_argument("--mode", choices=["overhead", "clones", "all"], default="overhead")
    ap.add_argument("--repeat", type=int, default=3, help="timed rounds (median)")
    ap.add_argument("--ranks", type=int, default=2, help="application ranks")
    ap.add_argument("--size", choices=["full", "quick"], default="full",
                    help="overhead runs; quick tests the harness")
    ap.add_argument("--clones", default="1,2,3,4", help="K values of --mode clones")
    ap.add_argument("--clone-repeat", type=int, default=2,
                    help="rounds of the clone runs (the fastest counts)")
    ap.add_argument("--clone-timeout", type=float, default=300,
                    help="seconds per clone run; a slower one shows as '> T'")
    ap.add_argument("--no-stats", dest="stats", action="store_false",
                    help="skip the MPISYNC_OPTIONS=stats=1 run of the full build")
    ap.add_argument("--build-repeat", type=int, default=3,
                    help="compiles per file and configuration (the fastest counts)")
    ap.add_argument("--work-dir", help="sources, binaries, run directories, logs "
                    "(default: BUILD_DIR/apps)")
    ap.add_argument("--markdown", metavar="FILE")
    ap.add_argument("--json", metavar="FILE", help="default: WORK_DIR/results.json")
    ap.add_argument("--rerender", metavar="JSON", help="only print a saved run's tables")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per run")
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--native-cc", default="clang-19")
    ap.add_argument("--native-cxx", default="clang++-19")
    for opt in ("--mpi", "--mpicc", "--mpicxx", "--mpiexec", "--mpiexec-args"):
        ap.add_argument(opt)
    ap.set_defaults(stats=True)
    args = ap.parse_args()
    if args.rerender:
        with open(args.rerender) as f:
            return report(json.load(f), args.markdown)
    args.build_dir = os.path.abspath(args.build_dir)
    bench.set_mpi_defaults(args)
    args.work = os.path.abspath(args.work_dir or os.path.join(args.build_dir, "apps"))
    os.makedirs(os.path.join(args.work, "logs"), exist_ok=True)
    apps = [a for a in args.apps.split(",") if a]
    for a in apps:
        if a not in APPS:
            ap.error("unknown app %r (have: %s)" % (a, ", ".join(APPS)))
    if not os.path.exists(os.path.join(args.build_dir, "bin", "mpisync-mpicc")):
        ap.error("no bin/mpisync-mpicc in %s (--build-dir)" % args.build_dir)

    failures = []
    run = {"apps": apps, "overhead": {}, "clones": {}, "failures": failures,
           "load_start": os.getloadavg()}
    t0 = time.time()
    for a in apps:
        app = load_app(a)
        try:
            src = fetch(app, args.work)
            # The clone runs also need the basic build (every access calls
            # the runtime); only native and full are compiled --build-repeat
            # times, for compile time, and only when it is reported.
            configs = ["native", "full"] + (["basic"] if args.mode != "overhead" else [])
            timed = ["native", "full"] if args.mode != "clones" else []
            built = build(args, app, src, configs, timed,
                          os.path.join(args.work, "bin", a))
            if args.mode in ("overhead", "all"):
                run["overhead"][a] = overhead(args, app, src, built, failures)
            if args.mode in ("clones", "all"):
                run["clones"][a] = clones(args, app, src, built, failures)
        except (bench.Failure, subprocess.CalledProcessError) as e:
            failures.append("%s: %s" % (a, str(e).splitlines()[0]))
            bench.log("FAILURE %s: %s" % (a, e))
    run.update(elapsed_s=time.time() - t0, load_end=os.getloadavg(),
               machine=bench.machine_description(args),
               command="python3 bench/apps.py " + " ".join(map(shlex.quote, sys.argv[1:])))
    path = args.json or os.path.join(args.work, "results.json")
    with open(path, "w") as f:
        json.dump(run, f, indent=1)
    bench.log("raw results: " + path)
    return report(run, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
