#!/usr/bin/env bash
# Installs what MPISync needs from Debian's packages, only when missing.
# Idempotent; run as root on Debian 12 (bookworm).
set -euo pipefail

PACKAGES=(
  clang-19 llvm-19 llvm-19-dev llvm-19-tools libclang-19-dev libclang-rt-19-dev libomp-19-dev flang-19
  clang-format-19 clang-tidy-19
  mpich libmpich-dev openmpi-bin libopenmpi-dev cmake ninja-build make python3 xz-utils dpkg-dev
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

# Installing Open MPI makes it the default `mpicc`/`mpiexec` (Debian's
# alternatives rank it above MPICH). MPISync's builds name their MPI
# explicitly (mpicc.mpich, mpicc.openmpi) and do not care, but the README's
# plain `mpiexec` must stay the MPICH that the default build is for: when
# this run installed Open MPI, the alternatives go back to MPICH.
case " ${missing[*]} " in
  *" openmpi-bin "*|*" libopenmpi-dev "*)
    arch_dir=/usr/include/$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
    update-alternatives --quiet --set mpi /usr/bin/mpicc.mpich || true
    update-alternatives --quiet --set mpirun /usr/bin/mpirun.mpich || true
    update-alternatives --quiet --set "mpi-${arch_dir##*/}" "$arch_dir/mpich" || true
    echo "install-deps: mpicc and mpiexec stay MPICH's (update-alternatives)" ;;
esac
echo "install-deps: done"
