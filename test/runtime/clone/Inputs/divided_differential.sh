#!/bin/sh
# usage: divided_differential.sh MPICC MPIEXEC WORKDIR SOURCE...
# (MPICC and MPIEXEC are commands as the shell reads them: quoted paths and
# flags, evaluated with eval.)
# Builds each detection program of the runtime suite and runs it on 2 ranks
# without clones, with clones=1 (4 processes) and with clones=2 (6
# processes). The reports (their ERROR and SUMMARY lines, as a multiset)
# must be the same: divided checking loses none and makes none twice.
# Prints one line per program and "N programs, M reports, F differ".
mpicc=$1 mpiexec=$2 work=$3
shift 3
mkdir -p "$work"
programs=0 reports=0 differ=0
reports_of() {
  grep -E "ERROR: MPISync|SUMMARY: MPISync" "$1" | sed 's/^==[0-9]*==//' | sort
}
for src in "$@"; do
  name=$(basename "$src" .c)
  exe="$work/$name"
  eval "$mpicc" -fsanitize=mpisync -g '"$src"' -o '"$exe"' || { echo "BUILD FAILED: $name"; differ=$((differ + 1)); continue; }
  eval "$mpiexec" -n 2 '"$exe"' > /dev/null 2> "$exe.plain"
  reports_of "$exe.plain" > "$exe.plain.r"
  n=$(wc -l < "$exe.plain.r")
  for k in 1 2; do
    eval env MPISYNC_OPTIONS="clones=$k" "$mpiexec" -n $((2 * (k + 1))) '"$exe"' > /dev/null 2> "$exe.k$k"
    reports_of "$exe.k$k" > "$exe.k$k.r"
    if ! diff "$exe.plain.r" "$exe.k$k.r" > "$exe.k$k.diff"; then
      echo "DIFFER: $name clones=$k"
      cat "$exe.k$k.diff"
      differ=$((differ + 1))
    fi
  done
  echo "$name: $n report lines"
  programs=$((programs + 1))
  reports=$((reports + n))
done
echo "$programs programs, $reports report lines, $differ differ"
