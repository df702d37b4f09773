#!/usr/bin/env python3
# Checks logs written with MPISYNC_OPTIONS=log_format=json: every line is one
# JSON object (parsed with the json module) that validates against
# docs/report-line.schema.json (with jsonschema), and the fields agree with
# each other. Prints each report's fields in a stable form for FileCheck.
#   usage: check_json_log.py SCHEMA LOG...
import json
import os
import sys

import jsonschema


def place(p):
    if p is None:
        return "none"
    return "%s:%s:%s in %s" % (os.path.basename(p["file"] or "?"), p["line"],
                               p["column"], p["function"])


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    failed = False
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for n, line in enumerate(lines, 1):
            where = "%s:%d" % (os.path.basename(path), n)
            try:
                d = json.loads(line)
            except json.JSONDecodeError as e:
                print("BAD %s: not JSON: %s" % (where, e))
                failed = True
                continue
            errors = sorted(validator.iter_errors(d), key=str)
            for e in errors:
                print("BAD %s: %s at %s" % (where, e.message,
                                            "/".join(map(str, e.path))))
                failed = True
            if errors:
                continue
            # The places of the SUMMARY line are frames of the stacks.
            for key in ("location", "call_location"):
                p = d[key]
                if p is None or p["stack"] is None:
                    continue
                frame = d["stacks"][p["stack"]]["frames"][p["frame"]]
                for k in ("file", "line", "column", "function"):
                    if frame[k] != p[k]:
                        print("BAD %s: %s.%s differs from its frame" % (
                            where, key, k))
                        failed = True
            if d["message"] != d["stacks"][0]["title"]:
                print("BAD %s: message is not the first stack's title" % where)
                failed = True
            print("report %d kind=%s rank=%d verdict=%s manifest=%s" % (
                d["seq"], d["kind"], d["rank"], d["verdict"], d["manifest"]))
            print("  message: %s" % d["message"])
            a = d["access"]
            if a:
                print("  access: %s size=%d at=%s" % (a["type"], a["size"],
                                                    a["address"]))
            b = d["buffer"]
            if b:
                print("  buffer: %s of %s started by %s, %d x %s, offset=%d "
                      "element=%s" % (b["role"], b["call"], b["started_by"],
                                      b["count"], b["datatype"], b["offset"],
                                      b["element"]))
            print("  mpi_call: %s" % d["mpi_call"])
            for s in d["stacks"]:
                top = s["frames"][s["top"]] if s["frames"] else None
                print("  stack %s: %d frames, top %s; %s" % (
                    s["role"], len(s["frames"]),
                    place(top and dict(top, stack=None)), s["title"]))
                for fr in s["frames"]:
                    if not fr["pc"].startswith("0x") or fr["module"] is None:
                        print("BAD %s: frame without pc or module" % where)
                        failed = True
            print("  location: %s" % place(d["location"]))
            print("  call_location: %s" % place(d["call_location"]))
            print("  summary: %s" % d["summary"])
    print("FAILED" if failed else "ALL VALID")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
