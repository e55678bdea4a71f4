#!/usr/bin/env bash
# How long generating a bundled recipe takes end to end, as a user types it
# (`duo-new <recipe> <AppName> <bundle-id> ./<AppName>`): generating the project, compiling its
# model tests (`swift test` in the project's package) and running them. Each run measures it twice:
#   cold  a fresh folder: the project is generated and `swift test` builds its package from
#         nothing (the project's .build does not exist yet);
#   warm  right after, `duo-new check` in that project: its checks again, `swift test` finding
#         nothing to compile in the .build the cold run left.
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
# untimed run first generates once, which a machine that has built Swift before has done; each
# cold run's package keeps its build, module cache included, in its own fresh .build.
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

# In folder $1, generates AppName $2 with bundle id $3 ($4 = cold), or runs `duo-new check` in
# the project generated there ($4 = warm), and leaves "seconds cpu count-line" in $result. A
# cold run whose model tests compiled nothing of the app, or a warm one that compiled
# something, stops the benchmark.
result=""
generate() {
  local folder=$1 name=$2 id=$3 kind=$4 start seconds status=0 cpu="-" line command
  mkdir -p "$folder"
  if [ "$kind" = cold ]; then
    command=("$DUO_NEW" "$recipe" "$name" "$id" "./$name")
  else
    command=("$DUO_NEW" check "./$name")
  fi
  rm -f "$folder/cpu.txt"
  start=$(now)
  if [ -n "$gnu_time" ]; then
    (cd "$folder" && "$gnu_time" -f "%U %S" -o "$folder/cpu.txt" \
      "${command[@]}" >"$folder/output.txt" 2>&1) || status=$?
  else
    (cd "$folder" && "${command[@]}" >"$folder/output.txt" 2>&1) || status=$?
  fi
  seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
  if [ "$status" -ne 0 ]; then
    echo "$name: duo-new exited $status; its output:" >&2
    tail -n 30 "$folder/output.txt" >&2
    exit 1
  fi
  if [ "$kind" = cold ] && ! grep -q "Compiling $name " "$folder/output.txt"; then
    echo "$name: a cold run must compile the app's module; swift test said:" >&2
    tail -n 20 "$folder/output.txt" >&2
    exit 1
  fi
  if [ "$kind" = warm ] && grep -q "Compiling " "$folder/output.txt"; then
    echo "$name: a warm run must compile nothing; swift test said:" >&2
    grep 'Compiling ' "$folder/output.txt" >&2 || true
    exit 1
  fi
  line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$folder/output.txt" | tail -n 1 || true)
  if [ -s "$folder/cpu.txt" ]; then
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$folder/cpu.txt")
  fi
  result="$seconds $cpu ${line:-(no count line)}"
}

# The median of the numbers on standard input.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "warm-up (untimed): one generation, as a machine that has built Swift before has done"
generate "$work/warm-up" "$app" "$bundle" cold
rm -rf "$work/warm-up"

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

  generate "$work/run-$run" "$app" "$bundle" cold
  read -r cold cold_cpu cold_line <<<"$result"
  generate "$work/run-$run" "$app" "$bundle" warm
  read -r warm warm_cpu warm_line <<<"$result"
  rm -rf "$work/run-$run"
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
