#!/usr/bin/env bash
# Fetches one public MPI application for bench/apps.py: installs the Debian
# packages its build needs (only when missing, as tools/install-deps.sh
# does), downloads the orig tarball of its Debian source package with
# tools/fetch-debian-source.sh (apt-get source --download-only, sha256
# checked) and unpacks it into DEST/src. Nothing of it is ever committed.
#   usage: fetch.sh DEST PACKAGE=VERSION TARBALL SHA256 [DEB...]
set -euo pipefail

dest=${1:?usage: fetch.sh DEST PACKAGE=VERSION TARBALL SHA256 [DEB...]}
package=${2:?} tarball=${3:?} sha256=${4:?}
shift 4
root=$(cd "$(dirname "$0")/../.." && pwd)
stamp="$dest/.complete-$sha256"

missing=()
for p in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "fetch.sh: missing packages: ${missing[*]}; run once as root" >&2
    exit 1
  fi
  echo "fetch.sh: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

if [ -f "$stamp" ]; then
  exit 0
fi
# apt-get source also fetches the .dsc and the Debian patches, and fails
# when the mirror lacks the latter (this machine's does for hpcc); only the
# orig tarball is used, and its checksum decides.
bash "$root/tools/fetch-debian-source.sh" "$dest/download" "$package" "$tarball" "$sha256" ||
  echo "fetch.sh: apt-get source failed; checking whether $tarball arrived" >&2
echo "$sha256  $dest/download/$tarball" | sha256sum --check --quiet - || {
  echo "fetch.sh: no $tarball with the expected sha256" >&2
  exit 1
}
rm -rf "$dest/src"
mkdir -p "$dest/src"
# One top-level directory in every orig tarball: drop it, so that the
# harness finds the sources in DEST/src whatever the release calls it.
tar -xf "$dest/download/$tarball" -C "$dest/src" --strip-components=1 --no-same-owner
touch "$stamp"
echo "fetch.sh: $package in $dest/src" >&2
