#!/usr/bin/env python3
# Checks an HTML page from mpisync-report: well formed (every element
# closed in order), self-contained (nothing loaded from elsewhere: no
# script, link, img, iframe or object element, no src attribute, no url() in
# styles), and prints its title and the text of headings, paragraphs and
# code for FileCheck.
#   usage: check_html.py FILE
import sys
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "img", "input", "link", "wbr"}
EXTERNAL = {"script", "link", "img", "iframe", "object", "embed"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.out, self.text = [], [], [], None

    def handle_starttag(self, tag, attrs):
        if tag in EXTERNAL:
            self.errors.append("external resource element <%s>" % tag)
        for name, _ in attrs:
            if name == "src":
                self.errors.append("src attribute on <%s>" % tag)
        if tag not in VOID:
            self.stack.append(tag)
        if tag in ("title", "h1", "h2", "p", "code"):
            self.text = (tag, [])

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> does not close <%s>" % (
                tag, self.stack[-1] if self.stack else "nothing"))
            return
        self.stack.pop()
        if self.text and self.text[0] == tag:
            self.out.append("%s: %s" % (tag, "".join(self.text[1]).strip()))
            self.text = None

    def handle_data(self, data):
        if self.text:
            self.text[1].append(data)
        if self.stack and self.stack[-1] == "style" and "url(" in data:
            self.errors.append("url() in a style")


with open(sys.argv[1], encoding="utf-8") as f:
    page = f.read()
c = Checker()
c.feed(page)
c.close()
if not page.startswith("<!DOCTYPE html>"):
    c.errors.append("no <!DOCTYPE html>")
if c.stack:
    c.errors.append("unclosed: %s" % " ".join(c.stack))
for e in c.errors:
    print("HTML ERROR: " + e)
print("HTML OK" if not c.errors else "HTML BAD")
for line in c.out:
    print(line)
sys.exit(1 if c.errors else 0)
