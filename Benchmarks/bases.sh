#!/usr/bin/env bash
# What keeping the bases of line merges costs a generation (docs/performance.md, "What each kept
# trick buys"): in each round, `cp -R` of the tree, then each binary given generating it with no
# store (HOME and XDG_CACHE_HOME empty), with an empty store (cold) and with the store that run
# filled (warm). Prints one line of wall-clock milliseconds per round, after a warm-up round,
# and the medians.
#
#   Benchmarks/bases.sh ROUNDS SIZE WORK BINARY...
#
# SIZE is medium or large (Benchmarks/make-templates.py's, made in WORK/templates if missing)
# or camera (the bundled recipe-camera-studio, no cp -R). Use a tmpfs WORK (/dev/shm/...).
set -euo pipefail
export LC_ALL=C
[ $# -ge 4 ] || { sed -n 2,11p "$0" >&2; exit 64; }
here="$(cd "$(dirname "$0")" && pwd)"
rounds=$1 size=$2 work=$3
shift 3
binaries=("$@")
mkdir -p "$work"
[ "$size" = camera ] || [ -d "$work/templates/bench-$size" ] || python3 "$here/make-templates.py" "$work/templates" "$size" >&2

milliseconds() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || { echo "bases.sh: failed: $*" >&2; exit 1; }
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

generate() {   # BINARY CACHE
  if [ "$size" = camera ]; then
    env HOME="$2" XDG_CACHE_HOME="$2" "$1" recipe-camera-studio Sitter com.example.sitter "$work/out" --no-test --quiet
  else
    env HOME="$2" XDG_CACHE_HOME="$2" "$1" "bench-$size" Sitter com.example.sitter "$work/out" \
      --templates "$work/templates" --set team-id=ABCDE12345 --no-test --quiet
  fi
}

header="cp"
for index in "${!binaries[@]}"; do header="$header $index-none $index-cold $index-warm"; done
echo "$header"
for index in "${!binaries[@]}"; do echo "# $index: ${binaries[$index]}"; done
rows=()
for round in $(seq 0 "$rounds"); do
  line=""
  rm -rf "$work/out"
  if [ "$size" = camera ]; then line="-"; else line=$(milliseconds cp -R "$work/templates/bench-$size/template" "$work/out"); fi
  for index in "${!binaries[@]}"; do
    binary=${binaries[$index]} cache="$work/cache-$index"
    rm -rf "$work/out"; line="$line $(milliseconds generate "$binary" "")"
    rm -rf "$work/out" "$cache"; mkdir -p "$cache"; line="$line $(milliseconds generate "$binary" "$cache")"
    rm -rf "$work/out"; line="$line $(milliseconds generate "$binary" "$cache")"
  done
  rm -rf "$work/out"
  [ "$round" -eq 0 ] || { echo "$line"; rows+=("$line"); }
done
printf '%s\n' "${rows[@]}" | awk '{ for (i = 1; i <= NF; i++) v[i, NR] = $i } END {
  printf "median"
  for (i = 1; i <= NF; i++) {
    n = 0; for (r = 1; r <= NR; r++) a[++n] = v[i, r]
    for (x = 1; x <= n; x++) for (y = x + 1; y <= n; y++) if (a[y] + 0 < a[x] + 0) { t = a[x]; a[x] = a[y]; a[y] = t }
    printf " %s", a[int((n + 1) / 2)]
  }
  print ""
}'
