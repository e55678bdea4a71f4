#!/usr/bin/env bash
# How long a generated project's compiled model-test program takes to run its checks, apart
# from compiling it: the part of a warm end-to-end run (Benchmarks/recipe-end-to-end.sh) that
# the compile cache cannot remove. Generates the recipe once (--no-test), compiles its model
# tests once through Tools/run-model-tests.sh (into a cache folder of its own), then runs the
# cached program N times. Prints each run's wall-clock and CPU seconds (GNU time: user +
# system), the medians against the target, and each group of checks' median wall-clock time
# (from when each group's line appears; the first includes the program's start).
#
#   Benchmarks/model-tests-run.sh [--recipe NAME] [--app NAME] [--bundle-id ID]
#                                 [--target SECONDS] [--runs N] [--work DIR]
#
# Defaults: the camera studio (Sitter, com.example.sitter), 5 runs, a 1.5-second target.
# DUO_NEW=path/to/duo-new picks the binary (generation is not timed, so a debug build will do);
# without it the script builds a release binary (Benchmarks/common.sh says how).
# Wall-clock figures depend on the machine and its load: this reports, it does not assert.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
recipe=recipe-camera-studio
app=Sitter
bundle=com.example.sitter
target=1.5
runs=5
work=""

# The usage is the comment block at the top of this file.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --recipe) recipe=$2; shift 2 ;;
    --recipe=*) recipe=${1#*=}; shift ;;
    --app) app=$2; shift 2 ;;
    --app=*) app=${1#*=}; shift ;;
    --bundle-id) bundle=$2; shift 2 ;;
    --bundle-id=*) bundle=${1#*=}; shift ;;
    --target) target=$2; shift 2 ;;
    --target=*) target=${1#*=}; shift ;;
    --runs) runs=$2; shift 2 ;;
    --runs=*) runs=${1#*=}; shift ;;
    --work) work=$2; shift 2 ;;
    --work=*) work=${1#*=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "model-tests-run.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "model-tests-run.sh: --runs needs a positive number" >&2; exit 64 ;; esac
case "$target" in ''|*[!0-9.]*) echo "model-tests-run.sh: --target needs a number of seconds" >&2; exit 64 ;; esac
[ -f "$root/Templates/$recipe/template.yaml" ] || { echo "model-tests-run.sh: no recipe '$recipe' in $root/Templates" >&2; exit 66; }
work=${work:-"${TMPDIR:-/tmp}/duo-new-$recipe-model-tests"}

# shellcheck source=Benchmarks/common.sh
. "$here/common.sh"
use_release_duo_new model-tests-run.sh

now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    printf '%s\n' "${EPOCHREALTIME/,/.}"
  else
    python3 -c 'import time; print("%.6f" % time.time())'
  fi
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
project="$work/$app"
(cd "$work" && "$DUO_NEW" "$recipe" "$app" "$bundle" "./$app" --no-test >"$work/generate.txt" 2>&1) ||
  { echo "model-tests-run.sh: generating failed:" >&2; tail -n 20 "$work/generate.txt" >&2; exit 1; }
echo "compiling the model tests once (untimed)..."
(cd "$project" && Tools/run-model-tests.sh >"$work/compile.txt" 2>&1) ||
  { echo "model-tests-run.sh: the model tests failed:" >&2; tail -n 20 "$work/compile.txt" >&2; exit 1; }
program=$(ls -t "$XDG_CACHE_HOME"/duo-new/model-tests/*.program | head -n 1)
cp "$program" "$work/model-tests"
chmod +x "$work/model-tests"

gnu_time=""
if /usr/bin/time -f %U true >/dev/null 2>&1; then
  gnu_time=/usr/bin/time
fi
line_buffered=()
if command -v stdbuf >/dev/null 2>&1; then
  line_buffered=(stdbuf -oL)
fi

echo "$recipe model-test program: $runs runs on $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores"
echo "load average at the start: $( (uptime 2>/dev/null || echo unknown) | sed 's/.*load average[s]*: //')"
printf '%-5s %9s %9s  %s\n' run "wall s" "cpu s" "checks"
walls=() cpus=()
: >"$work/groups.txt"
for run in $(seq 1 "$runs"); do
  start=$(now)
  previous=$start
  command=("${line_buffered[@]}" "$work/model-tests" "$project" "$project/$app")
  [ -z "$gnu_time" ] || command=("$gnu_time" -f "%U %S" -o "$work/cpu.txt" "${command[@]}")
  status=0
  # Each group's line comes when the next group begins: the time since the line before is the group's.
  while IFS= read -r line; do
    stamp=$(now)
    case "$line" in
      *": "*" passed"*) printf '%s\t%s\n' "${line%: *}" "$(awk -v a="$previous" -v b="$stamp" 'BEGIN { printf "%.3f", b - a }')" >>"$work/groups.txt" ;;
    esac
    last=$line
    previous=$stamp
  done < <("${command[@]}" 2>&1 || echo "exit status $?")
  wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
  case "$last" in
    *" passed, 0 failed") ;;
    *) echo "model-tests-run.sh: run $run did not pass: $last" >&2; exit 1 ;;
  esac
  cpu="-"
  if [ -s "$work/cpu.txt" ]; then
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/cpu.txt")
    cpus+=("$cpu")
  fi
  walls+=("$wall")
  printf '%-5s %9s %9s  %s\n' "$run" "$wall" "$cpu" "$last"
done

echo
m=$(printf '%s\n' "${walls[@]}" | median)
verdict=$(awk -v m="$m" -v t="$target" 'BEGIN { print (m <= t) ? "within" : "OVER" }')
cpu=""
[ "${#cpus[@]}" -eq 0 ] || cpu=", median CPU $(printf '%s\n' "${cpus[@]}" | median) s"
echo "program run: median ${m} s${cpu} over $runs runs: $verdict the ${target} s target"
echo "groups over 0.05 s (median wall-clock s):"
cut -f 1 "$work/groups.txt" | awk '!seen[$0]++' | while IFS= read -r group; do
  seconds=$(awk -F '\t' -v g="$group" '$1 == g { print $2 }' "$work/groups.txt" | median)
  awk -v s="$seconds" 'BEGIN { exit !(s > 0.05) }' && printf '  %6s  %s\n' "$seconds" "$group"
done
echo "load average at the end: $( (uptime 2>/dev/null || echo unknown) | sed 's/.*load average[s]*: //')"
