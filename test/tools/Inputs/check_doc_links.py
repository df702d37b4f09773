"""Prints every relative Markdown link under a docs directory whose target
does not exist there (links in code spans and code blocks are text, not
links), then the count: installed docs must link only to installed files."""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)

root = sys.argv[1]
broken = 0
for folder, _, files in os.walk(root):
    for name in sorted(files):
        if not name.endswith(".md"):
            continue
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            text = CODE.sub("", f.read())
        for m in LINK.finditer(text):
            target = m.group(1).split("#")[0]
            if not target or re.match(r"[a-z]+:", target):
                continue
            if not os.path.exists(os.path.join(folder, target)):
                broken += 1
                print("%s: %s" % (os.path.relpath(path, root), m.group(1)))
print("%d broken links" % broken)
