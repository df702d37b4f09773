#!/usr/bin/env python3
"""Runs the suite and closes with one line CI reads:
'N passed, N failed' (', N skipped' when tests were unsupported).

The suite runs twice: everything with the pass's filters on (the default),
then the end-to-end tests (runtime/) again with every filter off, which must
pass the same way (filters change the cost, never what is detected). The
second run leaves out the scaling guard's tests and the cloning tests whose
assertions involve no check the pass emits (argument checks at collectives,
results mirrored, send buffers compared): 22 of its 235 tests. Divided
checking's tests and the one clone test that expects an access report stay.

usage: run_lit.py LIT TEST_DIR [LIT_ARGS...]
"""
import json
import os
import subprocess
import sys
import tempfile

PASSED = {"PASS", "XFAIL"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}
# The end-to-end tests whose outcome can depend on the pass's filters.
FILTERS_OFF_TESTS = (r"^MPISync :: runtime/"
                     r"(?!guard/|clone/(?!divided|sendcheck_early_read))")


def run(lit, test_dir, args):
    """Runs lit; returns (exit code, list of test results or None)."""
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "results.json")
        cmd = [sys.executable, lit, "-sv", "-o", results] + args + [test_dir]
        if not lit.endswith(".py"):
            cmd = cmd[1:]
        code = subprocess.call(cmd)
        try:
            with open(results) as f:
                return code, json.load(f).get("tests", [])
        except (OSError, ValueError):
            return code or 1, None


def main():
    lit, test_dir, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    code, tests = run(lit, test_dir, extra)
    if tests is not None and not extra:
        print("--- end-to-end tests again, with every filter of the pass off ---")
        off_code, off_tests = run(lit, test_dir, ["--param", "mpisync_filters=off",
                                                  "--filter", FILTERS_OFF_TESTS])
        code = code or off_code
        tests = tests + (off_tests if off_tests is not None else [])
        if off_tests is None:
            tests = None
    if tests is None:
        print("0 passed, 1 failed (lit produced no results)")
        return 1
    passed = sum(t["code"] in PASSED for t in tests)
    skipped = sum(t["code"] in SKIPPED for t in tests)
    failed = len(tests) - passed - skipped
    line = "%d passed, %d failed" % (passed, failed)
    if skipped:
        line += ", %d skipped" % skipped
    print(line)
    return 1 if failed or code else 0


if __name__ == "__main__":
    sys.exit(main())
