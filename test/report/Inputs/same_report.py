#!/usr/bin/env python3
# Compares two mpisync-report outputs up to what differs between runs
# (addresses, pids, time): the report of a JSON log must say what the report
# of the text log of the same program says.
#   usage: same_report.py A B
import re
import sys


def normalize(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"0x[0-9a-f]+", "0x?", text)
    text = re.sub(r"\(pid \d+\)", "(pid ?)", text)
    return text.splitlines()


a, b = normalize(sys.argv[1]), normalize(sys.argv[2])
if a != b:
    import difflib
    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
        a, b, sys.argv[1], sys.argv[2], lineterm=""))
    sys.exit(1)
print("same reports: %d lines" % len(a))
