#!/usr/bin/env python3
"""Runs lit on the suite and closes with one line CI reads:
'N passed, N failed' (', N skipped' when tests were unsupported).

usage: run_lit.py LIT TEST_DIR [LIT_ARGS...]
"""
import json
import os
import subprocess
import sys
import tempfile

PASSED = {"PASS", "XFAIL"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}


def main():
    lit, test_dir, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "results.json")
        cmd = [sys.executable, lit, "-sv", "-o", results] + extra + [test_dir]
        if not lit.endswith(".py"):
            cmd = cmd[1:]
        code = subprocess.call(cmd)
        try:
            with open(results) as f:
                tests = json.load(f).get("tests", [])
        except (OSError, ValueError):
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
