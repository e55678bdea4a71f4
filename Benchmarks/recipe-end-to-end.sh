#!/usr/bin/env bash
# How long generating a bundled recipe takes end to end, as a user types it
# (`duo-new <recipe> <AppName> <bundle-id> ./<AppName>`): generating the project, compiling its
# model tests and running them. Several runs, each in a fresh folder, alternating with `cp -R`
# of the same template tree (the recipe's layers, then its own) as a baseline; prints every
# run, then the median, the fastest and the slowest, against the target. With GNU time it also
# prints the CPU seconds (user + system, children included), which depend less on what else
# the machine is doing than the wall clock does.
#
#   Benchmarks/recipe-end-to-end.sh --recipe NAME --app NAME --bundle-id ID [--target SECONDS]
#                                   [--runs N] [--work DIR]
#
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
target=15
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
    --target) target=$2; shift 2 ;;
    --target=*) target=${1#*=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "recipe-end-to-end.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "recipe-end-to-end.sh: --runs needs a positive number" >&2; exit 64 ;; esac
case "$target" in ''|*[!0-9.]*) echo "recipe-end-to-end.sh: --target needs a number of seconds" >&2; exit 64 ;; esac
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
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo "?")
echo "$recipe end to end: $runs runs on $cores cores, $DUO_NEW"
gnu_time=""
if /usr/bin/time -f %U true >/dev/null 2>&1; then
  gnu_time=/usr/bin/time
fi
printf '%-5s %10s %10s %10s %8s  %s\n' run seconds "cpu" "cp -R" ratio "model tests"

totals=()
cpus=()
checks=""
for run in $(seq 1 "$runs"); do
  folder="$work/run-$run"
  mkdir -p "$folder"
  start=$(now)
  # The recipe's tree laid over its layers', as duo-new combines them.
  mkdir -p "$folder/copy"
  for layer in $layers; do
    cp -R "$root/Templates/$layer/template/." "$folder/copy"
  done
  cp -R "$root/Templates/$recipe/template/." "$folder/copy"
  copied=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')

  start=$(now)
  status=0
  if [ -n "$gnu_time" ]; then
    (cd "$folder" && "$gnu_time" -f "%U %S" -o "$folder/cpu.txt" \
      "$DUO_NEW" "$recipe" "$app" "$bundle" "./$app" >"$folder/output.txt" 2>&1) || status=$?
  else
    (cd "$folder" && "$DUO_NEW" "$recipe" "$app" "$bundle" "./$app" >"$folder/output.txt" 2>&1) || status=$?
  fi
  seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
  if [ "$status" -ne 0 ]; then
    echo "run $run: duo-new exited $status; its output:" >&2
    tail -n 30 "$folder/output.txt" >&2
    exit 1
  fi
  line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$folder/output.txt" | tail -n 1 || true)
  checks=${line:-$checks}
  ratio=$(awk -v a="$seconds" -v b="$copied" 'BEGIN { if (b > 0) printf "%.0fx", a / b; else print "-" }')
  cpu="-"
  if [ -s "$folder/cpu.txt" ]; then
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$folder/cpu.txt")
    cpus+=("$cpu")
  fi
  printf '%-5s %10s %10s %10s %8s  %s\n' "$run" "$seconds" "$cpu" "$copied" "$ratio" "${line:-(no count line)}"
  totals+=("$seconds")
  rm -rf "$folder"
done

sorted=$(printf '%s\n' "${totals[@]}" | sort -n)
median=$(printf '%s\n' "$sorted" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
fastest=$(printf '%s\n' "$sorted" | head -n 1)
slowest=$(printf '%s\n' "$sorted" | tail -n 1)
verdict=$(awk -v m="$median" -v t="$target" 'BEGIN { print (m <= t) ? "within" : "OVER" }')
echo
echo "median ${median} s (fastest ${fastest} s, slowest ${slowest} s) over $runs runs: $verdict the ${target} s target"
if [ "${#cpus[@]}" -gt 0 ]; then
  cpu_median=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  echo "median CPU time ${cpu_median} s (user + system, on $cores cores)"
fi
echo "load average at the end: $( (uptime 2>/dev/null || echo unknown) | sed 's/.*load average[s]*: //')"
echo "checks: ${checks:-unknown}"
