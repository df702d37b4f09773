#!/bin/sh
# usage: same_as_parent.sh K PLAIN CLONED
# PLAIN is the output of the run without clones, CLONED of the run with
# clones=K. Each line a process prints must appear exactly K+1 times in
# CLONED (the parent's and its K clones'), and the distinct lines of CLONED
# must be those of PLAIN: clones compute what their parent computes, and
# the parents what the program computes without cloning. Lines starting with
# "varies:" (clock values) are checked only for the first property.
set -e
k=$1
expect=$((k + 1))
bad=$(sort "$3" | uniq -c | awk -v n="$expect" '$1 != n')
if [ -n "$bad" ]; then
  echo "lines not printed exactly $expect times:"
  echo "$bad"
  exit 1
fi
sort "$2" | grep -v '^varies:' > "$3.plain.sorted" || true
sort -u "$3" | grep -v '^varies:' > "$3.cloned.sorted" || true
if ! diff "$3.plain.sorted" "$3.cloned.sorted"; then
  echo "the parents computed something else than the run without clones"
  exit 1
fi
n=$(wc -l < "$3")
echo "same: $n lines"
