#!/usr/bin/env bash
# How long generating a bundled recipe takes end to end, as a user types it
# (`duo-new <recipe> <AppName> <bundle-id> ./<AppName>`): generating the project, compiling its
# model tests and running them. Each run measures it twice, in fresh folders:
#   cold  the model tests' compile cache is empty, so the test program is compiled;
#   warm  right after, a second project from the same recipe with another AppName (the name
#         with a 2 added), whose model tests reuse the program the cold run kept.
# A `cp -R` of the same template tree (the recipe's layers, then its own) is the baseline.
# Prints every run, then the median, the fastest and the slowest of each against its target.
# With GNU time it also prints the CPU seconds (user + system, children included), which depend
# less on what else the machine is doing than the wall clock does.
#
#   Benchmarks/recipe-end-to-end.sh --recipe NAME --app NAME --bundle-id ID
#                                   [--cold-target SECONDS] [--warm-target SECONDS]
#                                   [--runs N] [--work DIR]
#
# The runs use a cache folder of their own (XDG_CACHE_HOME in the work folder), never yours. An
# untimed run first fills the compiler's own module cache there, which a machine that has
# compiled Swift before already has; "cold" empties only the model tests' cache.
# Benchmarks/camera-studio-end-to-end.sh and Benchmarks/media-player-end-to-end.sh run it for
# the two bundled Duo recipes. DUO_NEW=path/to/duo-new picks the binary; without it the script
# builds a release binary (Benchmarks/common.sh says how).
# Wall-clock figures depend on the machine and its load: this reports, it does not assert.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
runs=5
work=""
cold_target=8
warm_target=2.5
recipe=""
app=""
bundle=""

# The usage is the comment block at the top of this file.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --runs=*) runs=${1#*=}; shift ;;
    --work) work=$2; shift 2 ;;
    --work=*) work=${1#*=}; shift ;;
    --recipe) recipe=$2; shift 2 ;;
    --recipe=*) recipe=${1#*=}; shift ;;
    --app) app=$2; shift 2 ;;
    --app=*) app=${1#*=}; shift ;;
    --bundle-id) bundle=$2; shift 2 ;;
    --bundle-id=*) bundle=${1#*=}; shift ;;
    --cold-target) cold_target=$2; shift 2 ;;
    --cold-target=*) cold_target=${1#*=}; shift ;;
    --warm-target) warm_target=$2; shift 2 ;;
    --warm-target=*) warm_target=${1#*=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "recipe-end-to-end.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "recipe-end-to-end.sh: --runs needs a positive number" >&2; exit 64 ;; esac
for target in "$cold_target" "$warm_target"; do
  case "$target" in ''|*[!0-9.]*) echo "recipe-end-to-end.sh: --cold-target and --warm-target need a number of seconds" >&2; exit 64 ;; esac
done
if [ -z "$recipe" ] || [ -z "$app" ] || [ -z "$bundle" ]; then
  echo "recipe-end-to-end.sh: --recipe, --app and --bundle-id are all needed" >&2; usage >&2; exit 64
fi
manifest="$root/Templates/$recipe/template.yaml"
[ -f "$manifest" ] || { echo "recipe-end-to-end.sh: no recipe '$recipe' in $root/Templates" >&2; exit 66; }
work=${work:-"${TMPDIR:-/tmp}/duo-new-$recipe-bench"}
# The layers named on the manifest's `layers: [a, b]` line, laid down before the recipe's tree.
layers=$(sed -n 's/^layers: *\[\(.*\)\].*/\1/p' "$manifest" | tr ',' ' ')

# shellcheck source=Benchmarks/common.sh
. "$here/common.sh"
use_release_duo_new recipe-end-to-end.sh

# Seconds since the epoch with microseconds: bash 5's EPOCHREALTIME, else python3.
now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    printf '%s\n' "${EPOCHREALTIME/,/.}"
  else
    python3 -c 'import time; print("%.6f" % time.time())'
  fi
}

rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo "?")
echo "$recipe end to end: $runs runs on $cores cores, $DUO_NEW"
echo "load average at the start: $( (uptime 2>/dev/null || echo unknown) | sed 's/.*load average[s]*: //')"
gnu_time=""
if /usr/bin/time -f %U true >/dev/null 2>&1; then
  gnu_time=/usr/bin/time
fi

# Generates AppName $2 with bundle id $3 in folder $1 and leaves "seconds cpu count-line" in
# $result; $4 is what the model tests must say they did (compiling or reusing), so a cold run
# that reused, or a warm one that compiled, stops the benchmark.
result=""
generate() {
  local folder=$1 name=$2 id=$3 expected=$4 start seconds status=0 cpu="-" line
  mkdir -p "$folder"
  start=$(now)
  if [ -n "$gnu_time" ]; then
    (cd "$folder" && "$gnu_time" -f "%U %S" -o "$folder/cpu.txt" \
      "$DUO_NEW" "$recipe" "$name" "$id" "./$name" >"$folder/output.txt" 2>&1) || status=$?
  else
    (cd "$folder" && "$DUO_NEW" "$recipe" "$name" "$id" "./$name" >"$folder/output.txt" 2>&1) || status=$?
  fi
  seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
  if [ "$status" -ne 0 ]; then
    echo "$name: duo-new exited $status; its output:" >&2
    tail -n 30 "$folder/output.txt" >&2
    exit 1
  fi
  if ! grep -q "run-model-tests: $expected " "$folder/output.txt"; then
    echo "$name: expected the model tests to say '$expected'; they said:" >&2
    grep 'run-model-tests:' "$folder/output.txt" >&2 || true
    exit 1
  fi
  line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$folder/output.txt" | tail -n 1 || true)
  if [ -s "$folder/cpu.txt" ]; then
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$folder/cpu.txt")
  fi
  result="$seconds $cpu ${line:-(no count line)}"
  rm -rf "$folder"
}

# The median of the numbers on standard input.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "warm-up (untimed): fills the compiler's module cache in the work folder"
generate "$work/warm-up" "$app" "$bundle" compiling

printf '%-5s %9s %9s %9s %9s %9s  %s\n' run "cold s" "cold cpu" "warm s" "warm cpu" "cp -R s" "model tests"
colds=() cold_cpus=() warms=() warm_cpus=()
checks=""
for run in $(seq 1 "$runs"); do
  start=$(now)
  # The recipe's tree laid over its layers', as duo-new combines them.
  mkdir -p "$work/copy"
  for layer in $layers; do
    cp -R "$root/Templates/$layer/template/." "$work/copy"
  done
  cp -R "$root/Templates/$recipe/template/." "$work/copy"
  copied=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
  rm -rf "$work/copy"

  rm -rf "$XDG_CACHE_HOME/duo-new"
  generate "$work/cold-$run" "$app" "$bundle" compiling
  read -r cold cold_cpu cold_line <<<"$result"
  generate "$work/warm-$run" "${app}2" "${bundle}2" reusing
  read -r warm warm_cpu warm_line <<<"$result"
  checks=$warm_line
  [ "$cold_cpu" = "-" ] || cold_cpus+=("$cold_cpu")
  [ "$warm_cpu" = "-" ] || warm_cpus+=("$warm_cpu")
  colds+=("$cold")
  warms+=("$warm")
  printf '%-5s %9s %9s %9s %9s %9s  %s\n' "$run" "$cold" "$cold_cpu" "$warm" "$warm_cpu" "$copied" "$cold_line / $warm_line"
done

echo
for kind in cold warm; do
  if [ "$kind" = cold ]; then
    values=("${colds[@]}") cpus=("${cold_cpus[@]}") target=$cold_target
  else
    values=("${warms[@]}") cpus=("${warm_cpus[@]}") target=$warm_target
  fi
  m=$(printf '%s\n' "${values[@]}" | median)
  fastest=$(printf '%s\n' "${values[@]}" | sort -n | head -n 1)
  slowest=$(printf '%s\n' "${values[@]}" | sort -n | tail -n 1)
  verdict=$(awk -v m="$m" -v t="$target" 'BEGIN { print (m <= t) ? "within" : "OVER" }')
  cpu=""
  if [ "${#cpus[@]}" -gt 0 ]; then
    cpu=", median CPU $(printf '%s\n' "${cpus[@]}" | median) s"
  fi
  echo "$kind: median ${m} s (fastest ${fastest} s, slowest ${slowest} s${cpu}) over $runs runs: $verdict the ${target} s target"
done
echo "load average at the end: $( (uptime 2>/dev/null || echo unknown) | sed 's/.*load average[s]*: //')"
echo "checks: ${checks:-unknown}"
