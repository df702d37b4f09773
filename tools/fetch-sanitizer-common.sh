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
mkdir -p "$download_dir"

if [ ! -f "$download_dir/$TARBALL" ]; then
  # apt-get source needs a deb-src entry; add bookworm's if none is enabled.
  if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "fetch-sanitizer-common: no deb-src entry; run once as root" >&2
      exit 1
    fi
    cat > /etc/apt/sources.list.d/mpisync-deb-src.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    apt-get update -qq
  fi
  (cd "$download_dir" && apt-get source --download-only -qq "llvm-toolchain-19=1:${VERSION}-3~deb12u1" >/dev/null)
fi

echo "$SHA256  $download_dir/$TARBALL" | sha256sum --check --quiet - || {
  echo "fetch-sanitizer-common: checksum mismatch for $TARBALL" >&2
  rm -f "$download_dir/$TARBALL"
  exit 1
}

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
