#!/usr/bin/env python3
"""Every call of TABLE whose action the plugin models is in the plugin's
generated INC (with the same action). Calls with other actions are listed,
not counted as errors: the plugin treats them as unknown calls.
usage: table_coverage.py TABLE INC"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "clang-plugin"))
from gen_call_table import ACTIONS  # noqa: E402

table, inc = sys.argv[1:3]
rows = dict(re.findall(r'^\{"(\w+)", MPICallAction::(\w+)', open(inc).read(), re.M))
missing, unmodelled = [], []
for line in open(table):
    words = line.split("#", 1)[0].split()
    if len(words) < 2:
        continue
    name, action = words[:2]
    if action not in ACTIONS:
        if any(w.startswith(("req=", "reqs=")) for w in words[2:]):
            unmodelled.append(name)
    elif rows.get(name) != ACTIONS[action]:
        missing.append(name)
if missing:
    sys.exit("not in %s as in the table: %s" % (inc, " ".join(missing)))
if unmodelled:
    print("requests of actions the plugin does not model:", " ".join(unmodelled))
print("%d calls" % len(rows))
