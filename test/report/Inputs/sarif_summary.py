#!/usr/bin/env python3
# Prints the parts of a SARIF log that tests check, one per line.
#   usage: sarif_summary.py FILE
import json
import sys


def where(loc):
    s = ""
    phys = loc.get("physicalLocation")
    if phys:
        art = phys["artifactLocation"]
        s = art["uri"]
        if "uriBaseId" in art:
            s = art["uriBaseId"] + ":" + s
        region = phys.get("region", {})
        if "startLine" in region:
            s += ":%d" % region["startLine"]
        if "startColumn" in region:
            s += ":%d" % region["startColumn"]
    for l in loc.get("logicalLocations", []):
        s += " " + l["name"]
    if "message" in loc:
        s += ' "%s"' % loc["message"]["text"]
    return s.strip()


log = json.load(open(sys.argv[1], encoding="utf-8"))
run = log["runs"][0]
driver = run["tool"]["driver"]
print("version %s, tool %s, %d rules" % (log["version"], driver["name"],
                                         len(driver["rules"])))
for name, base in run.get("originalUriBaseIds", {}).items():
    print("base %s %s" % (name, base["uri"]))
for rule in driver["rules"]:
    print("rule %s help %s" % (rule["id"], rule.get("helpUri")))
for i, res in enumerate(run["results"]):
    print("result %d: %s (rule %d) %s, ranks %s, %d occurrences" % (
        i, res["ruleId"], res["ruleIndex"], res["level"],
        res["properties"]["rankRanges"], res["occurrenceCount"]))
    print("  message: " + res["message"]["text"])
    for loc in res["locations"]:
        print("  location: " + where(loc))
    for loc in res.get("relatedLocations", []):
        print("  related %d: %s" % (loc["id"], where(loc)))
    for st in res.get("stacks", []):
        print("  stack: %s: %d frames, #0 %s" % (
            st["message"]["text"], len(st["frames"]),
            where(st["frames"][0]["location"])))
