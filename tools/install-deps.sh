#!/usr/bin/env bash
# Installs what MPISync needs from Debian's packages, only when missing.
# Idempotent; run as root on Debian 12 (bookworm).
set -euo pipefail

PACKAGES=(
  clang-19 llvm-19 llvm-19-dev llvm-19-tools libclang-19-dev libclang-rt-19-dev libomp-19-dev flang-19
  clang-format-19 clang-tidy-19
  mpich libmpich-dev cmake ninja-build make python3 xz-utils dpkg-dev
  libzstd-dev zlib1g-dev libedit-dev libxml2-dev libcurl4-openssl-dev
  rapidjson-dev python3-jsonschema
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}; run this script as root" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
