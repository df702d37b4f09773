#!/usr/bin/env bash
# Fetches MPICH's own test suite (test/mpi of Debian's mpich source package,
# the MPICH release the project is built against) into DEST and runs its
# configure once, which writes the harness header the tests include
# (include/mpitestconf.h). A compile corpus for the pass
# (test/corpus/mpich_compile.test); never committed to this repository.
#   usage: fetch-mpich-tests.sh DEST      (the tests end up in DEST/mpi)
set -euo pipefail

DEST=${1:?usage: fetch-mpich-tests.sh DEST}
VERSION=4.0.2
TARBALL=mpich_${VERSION}.orig.tar.xz
SHA256=b27039f964afeb6b8a3e009c56b441cbe368c26d6d6476ad3bb7190996875860
STAMP="$DEST/.complete-$VERSION"

if [ -f "$STAMP" ]; then
  exit 0
fi

download_dir="$DEST/download"
bash "$(dirname "$0")/fetch-debian-source.sh" "$download_dir" \
  "mpich=${VERSION}-3" "$TARBALL" "$SHA256"

rm -rf "$DEST/mpi"
# Configured in a scratch directory, then moved: the harness's configure
# cannot run in a path with spaces (it tests $srcdir unquoted).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -xJf "$download_dir/$TARBALL" -C "$scratch" --strip-components=2 --no-same-owner \
  "mpich-${VERSION}/test/mpi"
# The harness's configure, as MPICH's `make testing` runs it, with the
# system's MPICH: C tests only (the corpus is the C programs).
(cd "$scratch/mpi" && ./configure CC=mpicc --with-mpi=/usr --disable-fortran \
   --disable-cxx --enable-threads=multiple >configure.out 2>&1) || {
  cp "$scratch/mpi/configure.out" "$DEST/configure.out" 2>/dev/null || true
  echo "fetch-mpich-tests: the test suite's configure failed; see $DEST/configure.out" >&2
  exit 1
}
mv "$scratch/mpi" "$DEST/mpi"
rm -rf "$download_dir"
touch "$STAMP"
echo "fetch-mpich-tests: MPICH's test suite in $DEST/mpi"
