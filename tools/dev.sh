#!/usr/bin/env bash
# The project's one entry point on a fresh Debian 12 machine (as root):
#   bash tools/dev.sh demo   install what is missing, build, run the demo
#   bash tools/dev.sh test   install what is missing, build, run the tests
#   bash tools/dev.sh build  install what is missing, build
#   bash tools/dev.sh lint   install what is missing, build, check the
#                            formatting and clang-tidy of what changed
#                            (tools/lint.sh; `test` runs it too)
# BUILD_DIR (default: build/) selects the build tree (MPICH). `test` also
# builds for Open MPI in BUILD_DIR-openmpi (only the runtime and the drivers:
# the pass and the clang plugin are taken from BUILD_DIR) and runs the
# end-to-end tests (test/runtime) there: docs/which-mpi.md.
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
    # How long each part took (CI's budget: docs/testing.md).
    took() { echo "dev.sh: $1 took $((SECONDS - since)) s"; since=$SECONDS; }
    since=$SECONDS
    lint_status=0
    bash "$root/tools/lint.sh" "$build" || lint_status=$?
    took lint
    # One "N passed, N failed" line per MPI, then the total.
    summary() { grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1; }
    logs=$(mktemp -d)
    mpich_status=0
    cmake --build "$build" --target check-mpisync 2>&1 | tee "$logs/mpich" ||
      mpich_status=$?
    took "the MPICH suite"
    ompi_build=$build-openmpi
    cmake -S "$root" -B "$ompi_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DMPISYNC_WERROR=ON -DMPISYNC_MPI=openmpi -DMPISYNC_PLUGINS_FROM="$build/lib" \
      -DMPISYNC_DEPS_DIR="$(sed -n 's/^MPISYNC_DEPS_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")" \
      >/dev/null
    cmake --build "$ompi_build"
    took "the Open MPI build"
    ompi_status=0
    python3 "$root/test/run_lit.py" \
      "$(sed -n 's/^MPISYNC_LIT:[A-Z]*=//p' "$build/CMakeCache.txt")" \
      "$ompi_build/test" --filter '^MPISync :: runtime/' 2>&1 | tee "$logs/openmpi" ||
      ompi_status=$?
    took "the Open MPI tests"
    passed=0 failed=0
    for mpi in mpich openmpi; do
      line=$(summary "$logs/$mpi")
      line=${line:-0 passed, 1 failed (no result line)}
      echo "$mpi: $line"
      read -r p _ f _ <<<"${line//,/}"
      passed=$((passed + p)) failed=$((failed + f))
    done
    echo "total: $passed passed, $failed failed"
    rm -rf "$logs"
    if [ "$mpich_status" -ne 0 ] || [ "$ompi_status" -ne 0 ]; then
      exit 1
    fi
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
