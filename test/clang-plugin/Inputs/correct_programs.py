#!/usr/bin/env python3
"""Runs the clang plugin (syntax only) over every correct program of the
project and fails, listing each file, when any of them gets a -Wmpisync
warning (or does not compile).

usage: correct_programs.py [--list] ROOT -- CLANG_CC_PLUGIN...

CLANG_CC_PLUGIN is the command of lit's %clang_cc_plugin (clang
-fsyntax-only, MPI's include flags, -fplugin=...). C++ files are compiled
with the clang++ next to that clang and -x c++. --list prints the files with
their flags and the skipped files, and runs nothing.

The correct programs:
- test/runtime/**: files whose names end in _ok.*, with the flags of their
  first compile RUN line; the correct twin of every other C/C++ test that
  has one: -DFIXED when it tests FIXED, -DCASE=0 when it uses CASE, with
  the flags of the RUN line that builds that twin;
- examples/**/*.c*;
- bench/workloads/*.c;
but for the programs of BUGGY, which have a real error on some path: those
must get a -Wmpisync warning (the sweep fails when one does not). Fortran
is not analyzed by the plugin, so it is skipped.
"""
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

C_SUFFIXES = (".c",)
CXX_SUFFIXES = (".cpp", ".cc", ".cxx", ".C")

# Programs with an error the plugin rightly reports: not correct programs,
# so they are checked for a warning instead.
BUGGY = {
    "examples/isend_race.c": "the demo's deliberate send-buffer-write",
    "examples/cmake/ring_halo.c": "the example's deliberate send-buffer-write",
    # Correct in its test run (argc is 1), but with argc > 5 it reads the
    # receive buffer of a pending MPI_Irecv: a real error on a path the run
    # never takes, which is what the plugin reports.
    "test/runtime/speculated_load_ok.c": "reads a pending receive buffer when argc > 5",
}
# Tests whose correct variant cannot be built from their RUN lines by the
# rules above. None today; list "path": "reason" here when one appears.
SKIPPED = {}

FIXED_RE = re.compile(r"#\s*ifn?def\s+FIXED\b|defined\s*\(\s*FIXED\s*\)")
CASE_RE = re.compile(r"\bCASE\b")
RUN_RE = re.compile(r"^\s*(?://|!|#)\s*RUN:\s*(.*)$")


def run_lines(text):
    """The RUN commands of a test, continuation lines joined."""
    cmds, cur = [], ""
    for line in text.splitlines():
        m = RUN_RE.match(line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        cmds.append(cur + part)
        cur = ""
    return cmds


def compile_flags(cmd):
    """The flags of a %mpicc/%mpicxx RUN command that change what the
    compiler front end sees (macros, language standard, OpenMP)."""
    words = shlex.split(cmd)
    try:
        start = next(i for i, w in enumerate(words) if w in ("%mpicc", "%mpicxx"))
    except StopIteration:
        return None
    flags = []
    for w in words[start + 1:]:
        if w in ("|", "&&", ";"):
            break
        if w.startswith(("-D", "-U", "-std=", "-O")) or w in ("-fopenmp", "-pthread"):
            flags.append(w)
    return flags


def compile_commands(text):
    return [c for c in run_lines(text) if compile_flags(c) is not None]


def runtime_variant(text):
    """The flags that build the correct variant of a test/runtime program, or
    None when it has no correct variant (a test of a bug only)."""
    cmds = compile_commands(text)
    if FIXED_RE.search(text):
        want = "-DFIXED"
    elif CASE_RE.search(text):
        want = "-DCASE=0"
    else:
        return None
    for c in cmds:
        flags = compile_flags(c)
        if want in flags:
            return flags
    # The correct twin is tested without a RUN line: build it the same way as
    # the first variant, with the macro.
    flags = [f for f in (compile_flags(cmds[0]) if cmds else [])
             if not f.startswith(("-DFIXED", "-DCASE"))]
    return flags + [want]


def collect(root):
    """[(relative path, flags)] of the correct programs, and the skips."""
    files, skipped = [], dict(SKIPPED)
    skipped.update(BUGGY)

    def walk(top):
        for dirpath, dirnames, names in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(names):
                yield os.path.relpath(os.path.join(dirpath, name), root)

    for rel in walk("test/runtime"):
        if not rel.endswith(C_SUFFIXES + CXX_SUFFIXES) or rel in skipped:
            continue
        text = open(os.path.join(root, rel), errors="replace").read()
        stem = os.path.splitext(os.path.basename(rel))[0]
        if stem.endswith("_ok"):
            cmds = compile_commands(text)
            files.append((rel, compile_flags(cmds[0]) if cmds else []))
        else:
            flags = runtime_variant(text)
            if flags is not None:
                files.append((rel, flags))
    for rel in walk("examples"):
        if rel.endswith(C_SUFFIXES + CXX_SUFFIXES) and rel not in skipped:
            files.append((rel, []))
    for rel in walk("bench/workloads"):
        if rel.endswith(".c") and os.path.dirname(rel) == "bench/workloads" \
                and rel not in skipped:
            files.append((rel, []))
    return files, skipped


def cxx_command(cmd):
    clang = cmd[0]
    d, base = os.path.split(clang)
    for cand in (base.replace("clang", "clang++", 1), "clang++"):
        if os.path.exists(os.path.join(d, cand)):
            return [os.path.join(d, cand)] + cmd[1:] + ["-x", "c++"]
    return [clang, "--driver-mode=g++"] + cmd[1:] + ["-x", "c++"]


def check(root, cmd, rel, flags):
    cxx = rel.endswith(CXX_SUFFIXES)
    argv = (cxx_command(cmd) if cxx else list(cmd)) + flags + [os.path.join(root, rel)]
    p = subprocess.run(argv, capture_output=True, text=True)
    out = p.stdout + p.stderr
    warnings = [l for l in out.splitlines() if "-Wmpisync" in l]
    problem = None
    if warnings:
        problem = "\n".join(warnings)
    elif p.returncode != 0:
        problem = "does not compile (exit %d):\n%s" % (p.returncode, out.strip())
    return rel, flags, problem


def main():
    args = sys.argv[1:]
    listing = args[:1] == ["--list"]
    if listing:
        args = args[1:]
    if len(args) < 3 or args[1] != "--":
        sys.exit(__doc__)
    root, cmd = os.path.abspath(args[0]), args[2:]
    files, skipped = collect(root)
    buggy = [(rel, []) for rel in sorted(BUGGY)]
    if listing:
        for rel, flags in files:
            print(rel, " ".join(flags))
        for rel, why in sorted(SKIPPED.items()):
            print("skipped:", rel, "--", why)
        for rel, why in sorted(BUGGY.items()):
            print("must warn:", rel, "--", why)
        return 0
    jobs = max(1, min(2, os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda f: check(root, cmd, *f), files + buggy))
    bad, silent = [], []
    for rel, flags, problem in results:
        if rel in BUGGY:
            if problem is None or not problem.startswith(os.path.join(root, rel)):
                silent.append((rel, problem or "no -Wmpisync warning"))
        elif problem:
            bad.append((rel, flags, problem))
    for rel, flags, problem in bad:
        print("FAIL: %s %s\n%s\n" % (rel, " ".join(flags), problem))
    for rel, problem in silent:
        print("FAIL: %s (%s) should get a -Wmpisync warning:\n%s\n"
              % (rel, BUGGY[rel], problem))
    print("%d correct programs checked, %d skipped, %d with -Wmpisync warnings or errors; "
          "%d buggy programs checked, %d without a warning"
          % (len(files), len(SKIPPED), len(bad), len(buggy), len(silent)))
    if bad:
        print("files with warnings: " + " ".join(rel for rel, _, _ in bad))
    return 1 if bad or silent else 0


if __name__ == "__main__":
    sys.exit(main())
