#!/usr/bin/env python3
# Repairs the structural errors of bad.sarif, keeping its semantic ones
# (which check_sarif.py looks at only in a structurally valid log).
import json
import sys

log = json.load(open(sys.argv[1]))
res = log["runs"][0]["results"]
del res[1]
r = res[0]
del r["ranks"], r["rank"]
r["level"] = "error"
loc = r["locations"][0]["physicalLocation"]
loc["artifactLocation"]["uri"] = "a.c"
loc["region"]["startLine"] = 1
json.dump(log, open(sys.argv[2], "w"))
