#!/usr/bin/env bash
# The project's one entry point on a fresh Debian 12 machine (as root):
#   bash tools/dev.sh demo   install what is missing, build, run the demo
#   bash tools/dev.sh test   install what is missing, build, run the tests
#   bash tools/dev.sh build  install what is missing, build
#   bash tools/dev.sh lint   install what is missing, build, check the
#                            formatting and clang-tidy of what changed
#                            (tools/lint.sh; `test` runs it too)
# BUILD_DIR (default: build/) selects the build tree.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
what=${1:-}

case "$what" in
  demo|test|build|lint) ;;
  *) echo "usage: $0 demo|test|build|lint" >&2; exit 2 ;;
esac

bash "$root/tools/install-deps.sh"
generator=()
if [ ! -f "$build/CMakeCache.txt" ]; then
  generator=(-G Ninja)
fi
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMPISYNC_WERROR=ON >/dev/null
cmake --build "$build"

case "$what" in
  build) ;;
  lint)
    bash "$root/tools/lint.sh" "$build" ;;
  test)
    lint_status=0
    bash "$root/tools/lint.sh" "$build" || lint_status=$?
    cmake --build "$build" --target check-mpisync
    if [ "$lint_status" -ne 0 ]; then
      echo "dev.sh: the tests passed but lint failed (see above)" >&2
      exit "$lint_status"
    fi ;;
  demo)
    demo_dir="$build/demo"
    mkdir -p "$demo_dir"
    echo "+ mpisync-mpicc -fsanitize=mpisync -g examples/isend_race.c -o $demo_dir/isend_race"
    "$build/bin/mpisync-mpicc" -fsanitize=mpisync -g "$root/examples/isend_race.c" \
      -o "$demo_dir/isend_race"
    echo "+ mpiexec -n 2 $demo_dir/isend_race"
    set +e
    UCX_WARN_UNUSED_ENV_VARS=n mpiexec -n 2 "$demo_dir/isend_race" 2>&1 | tee "$demo_dir/report.txt"
    status=${PIPESTATUS[0]}
    set -e
    if grep -q "ERROR: MPISync: send-buffer-write" "$demo_dir/report.txt"; then
      echo "demo: MPISync caught the bug above (mpiexec exit status $status, as expected)"
    else
      echo "demo: FAILED: no MPISync report" >&2
      exit 1
    fi ;;
esac
