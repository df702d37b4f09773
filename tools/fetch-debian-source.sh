#!/usr/bin/env bash
# Downloads one orig tarball of a Debian source package into a directory and
# checks its sha256: the one way the build fetches third-party sources
# (fetch-sanitizer-common.sh, fetch-mpich-tests.sh). Adds bookworm's deb-src
# entry first if none is enabled (as root). Nothing is ever committed.
#   usage: fetch-debian-source.sh DIR PACKAGE=VERSION TARBALL SHA256
set -euo pipefail

dir=${1:?usage: fetch-debian-source.sh DIR PACKAGE=VERSION TARBALL SHA256}
package=${2:?} tarball=${3:?} sha256=${4:?}

mkdir -p "$dir"
if [ ! -f "$dir/$tarball" ]; then
  # apt-get source needs a deb-src entry; add bookworm's if none is enabled.
  if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "fetch-debian-source: no deb-src entry; run once as root" >&2
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
  (cd "$dir" && apt-get source --download-only -qq "$package" >/dev/null)
fi

echo "$sha256  $dir/$tarball" | sha256sum --check --quiet - || {
  echo "fetch-debian-source: checksum mismatch for $tarball" >&2
  rm -f "$dir/$tarball"
  exit 1
}
