#!/usr/bin/env bash
# Fetches compiler-rt's sanitizer_common, interception and include sources
# from Debian's llvm-toolchain-19 source package into DEST. They are build
# inputs only and are never committed to this repository.
#   usage: fetch-sanitizer-common.sh DEST
set -euo pipefail

DEST=${1:?usage: fetch-sanitizer-common.sh DEST}
VERSION=19.1.7
TARBALL=llvm-toolchain-19_${VERSION}.orig.tar.xz
SHA256=ae498f3bc58ae2d9f64ef5f0c035c4240152bf015a5b7738b15c22e93bdc97ce
STAMP="$DEST/.complete-$VERSION"

if [ -f "$STAMP" ]; then
  exit 0
fi

download_dir="$DEST/download"
bash "$(dirname "$0")/fetch-debian-source.sh" "$download_dir" \
  "llvm-toolchain-19=1:${VERSION}-3~deb12u1" "$TARBALL" "$SHA256"

top=llvm-toolchain-19_${VERSION}
rm -rf "$DEST/compiler-rt"
tar -xJf "$download_dir/$TARBALL" -C "$DEST" --strip-components=1 \
  "$top/compiler-rt/lib/sanitizer_common" \
  "$top/compiler-rt/lib/interception" \
  "$top/compiler-rt/include"
# The download is no longer needed once the sources are extracted.
rm -rf "$download_dir"
touch "$STAMP"
echo "fetch-sanitizer-common: sources in $DEST/compiler-rt"
