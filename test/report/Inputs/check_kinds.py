#!/usr/bin/env python3
# Every MPISYNC_ERROR_KIND of include/mpisync/error_kinds.def is listed by
# `mpisync-report --list-kinds` (so SARIF has a rule with a description for
# it) and has its page docs/errors/<kind>.md (the rule's helpUri).
#   usage: check_kinds.py SOURCE_DIR KINDS_FILE
import os
import re
import sys

src = sys.argv[1]
inc = open(os.path.join(src, "include", "mpisync", "error_kinds.def")).read()
kinds = re.findall(r'^MPISYNC_ERROR_KIND\(\w+, "([\w-]+)", "[^"]+"\)$', inc, re.M)
known = open(sys.argv[2]).read().split()
bad = False
for k in kinds:
    if k not in known:
        print("kind %s is not known to mpisync-report" % k)
        bad = True
    if not os.path.exists(os.path.join(src, "docs", "errors", k + ".md")):
        print("kind %s has no docs/errors/%s.md" % (k, k))
        bad = True
if bad:
    sys.exit(1)
print("all %d kinds known and documented" % len(kinds))
