#!/usr/bin/env python3
# Every option of runtime/mpisync_flags.inc has a row in the table of
# docs/options.md and a section of its own there, and nothing else does.
#   usage: check_options_doc.py SOURCE_DIR
import os
import re
import sys

src = sys.argv[1]
inc = open(os.path.join(src, "runtime", "mpisync_flags.inc")).read()
inc = re.sub(r"//[^\n]*", "", inc)
flags = re.findall(r"MPISYNC_FLAG\(\s*[^,]+,\s*(\w+),", inc)
doc = open(os.path.join(src, "docs", "options.md")).read()
rows = re.findall(r"^\| \[`(\w+)`\]\(#\w+\) \|", doc, re.M)
sections = re.findall(r"^### (\w+)$", doc, re.M)
bad = False
for f in flags:
    for where, names in (("table row", rows), ("section", sections)):
        if f not in names:
            print("option %s has no %s in docs/options.md" % (f, where))
            bad = True
for r in set(rows) - set(flags):
    print("docs/options.md documents %s, which is not an option" % r)
    bad = True
if bad:
    sys.exit(1)
print("all %d options documented" % len(flags))
