"""Counts the lines of the given logs that are JSON objects and those that
are not (a JSON Lines log must have none of the latter)."""
import json
import sys

objects = other = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                ok = isinstance(json.loads(line), dict)
            except ValueError:
                ok = False
            if ok:
                objects += 1
            else:
                other += 1
                print("not a JSON object: %s" % line.rstrip())
print("%d JSON objects, %d other lines" % (objects, other))
