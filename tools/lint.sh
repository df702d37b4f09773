#!/usr/bin/env bash
# The project's lint step (CI runs it through `tools/dev.sh test`):
#  1. clang-format-19 (LLVM style, .clang-format) on the lines of C and C++
#     sources that changed since BASE: new and edited code is formatted;
#     older lines are left as they are until someone edits them.
#  2. clang-tidy-19 (.clang-tidy) on the changed runtime sources, with the
#     build's compile_commands.json.
#   usage: lint.sh BUILD_DIR [BASE]
# BASE defaults to the newest commit at least 6 hours older than HEAD (one
# working session): the changes since then are "the change" being checked.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: lint.sh BUILD_DIR [BASE]}
cd "$root"

base=${2:-}
if [ -z "$base" ]; then
  head_time=$(git log -1 --format=%ct HEAD)
  base=$(git rev-list -1 --before=$((head_time - 6 * 3600)) HEAD || true)
  [ -n "$base" ] || base=$(git rev-list --max-parents=0 HEAD | tail -n 1)
fi
paths=(runtime pass clang-plugin include tools bench/workloads)

status=0
formatting=$(git clang-format-19 --binary clang-format-19 --diff "$base" -- "${paths[@]}" 2>&1 || true)
case "$formatting" in
  ""|"no modified files to format"|"clang-format did not modify any files")
    echo "lint: formatting of the lines changed since ${base:0:12}: clean" ;;
  *)
    echo "lint: lines changed since ${base:0:12} are not clang-format clean:"
    echo "$formatting"
    # Only the linted folders: formatting tests would move the lines their
    # CHECKs name.
    echo "lint: fix with: git clang-format-19 --binary clang-format-19 ${base:0:12} -- ${paths[*]}"
    status=1 ;;
esac

mapfile -t changed < <(git diff --name-only --diff-filter=AM "$base" -- 'runtime/*.cpp' 'runtime/**/*.cpp' | sort -u)
# Only the files this build compiles: without their compile command
# clang-tidy guesses flags and headers (mpisync_fortran.cpp is built for
# Open MPI only, where the -Werror build checks it; against MPICH's headers
# its static_asserts fail).
tidy_files=()
if [ ${#changed[@]} -gt 0 ] && [ -f "$build/compile_commands.json" ]; then
  mapfile -t tidy_files < <(python3 - "$build/compile_commands.json" "${changed[@]}" <<'PY'
import json, os, sys
compiled = {os.path.realpath(e["file"]) for e in json.load(open(sys.argv[1]))}
for f in sys.argv[2:]:
    if os.path.realpath(f) in compiled:
        print(f)
PY
)
fi
if [ ${#tidy_files[@]} -gt 0 ]; then
  # A few files per process, one process per core: a session's changes
  # are tens of files, about 8 s each.
  if printf '%s\0' "${tidy_files[@]}" |
    xargs -0 -P "$(nproc)" -n 4 clang-tidy-19 -p "$build" --quiet > "$build/clang-tidy.log" 2>&1; then
    echo "lint: clang-tidy on ${#tidy_files[@]} changed runtime files: clean"
  else
    grep -E "warning:|error:" "$build/clang-tidy.log" | head -40
    echo "lint: clang-tidy found problems (full output: $build/clang-tidy.log)"
    status=1
  fi
fi
exit $status
