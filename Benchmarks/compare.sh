#!/usr/bin/env bash
# Two builds of duo-new (or one build run two ways) against each other and against `cp -R`, in
# the same run, interleaved round by round, on the bundled recipes and the 2,000-file synthetic
# recipe (make-templates.py's "medium"); prints the median wall time of each in milliseconds
# and the ratios, as a Markdown table.
#
#   Benchmarks/compare.sh [--rounds N] [--work DIR] [--app NAME] BEFORE AFTER
#
# --app names the generated app (default Sitter). `--app App` is a name the medium recipe holds
# inside longer identifiers (`__APP_NAME__App`) in nearly every Swift file: the AppName check's
# search of the sources then has the most to read.
#
# BEFORE and AFTER are commands that run duo-new, such as a path to a binary, or
# "env SOME_SETTING=1 path/to/duo-new". Each generation runs with --no-test into a fresh folder.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
rounds=9
app=Sitter
work="${TMPDIR:-/tmp}/duo-new-compare"
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --app) app=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "compare.sh: unknown option '$1'" >&2; usage >&2; exit 64 ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || { usage >&2; exit 64; }
before=$1 after=$2

mkdir -p "$work/templates" "$work/out"
python3 "$here/make-templates.py" "$work/templates" medium >&2

# recipe, its templates folder, and any --set it needs
trees=(
  "example-hello $root/Templates"
  "example-layered $root/Templates"
  "recipe-camera-studio $root/Templates"
  "recipe-media-player $root/Templates"
  "bench-medium $work/templates --set team-id=ABCDE12345"
)

now() { date +%s%N; }
# Runs "$@" once; prints its wall time in microseconds.
timed() {
  local start end
  start=$(now)
  "$@" >/dev/null 2>&1 || { echo "compare.sh: failed: $*" >&2; exit 70; }
  end=$(now)
  echo $(((end - start) / 1000))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| recipe | files in its own tree | cp -R of that tree ms | before ms | after ms | after / before | after / cp -R |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for entry in "${trees[@]}"; do
  read -r recipe templates extra <<<"$entry"
  tree="$templates/$recipe/template"
  files=$(find "$tree" -type f | wc -l)
  : >"$work/cp" ; : >"$work/before" ; : >"$work/after"
  for round in $(seq "$rounds"); do
    rm -rf "$work/out"/*
    timed cp -R "$tree" "$work/out/cp-$round" >>"$work/cp"
    # shellcheck disable=SC2086
    timed $before "$recipe" "$app" com.example.sitter "$work/out/b-$round" --templates "$templates" ${extra:-} --no-test -q >>"$work/before"
    # shellcheck disable=SC2086
    timed $after "$recipe" "$app" com.example.sitter "$work/out/a-$round" --templates "$templates" ${extra:-} --no-test -q >>"$work/after"
  done
  cp_ms=$(median <"$work/cp"); b=$(median <"$work/before"); a=$(median <"$work/after")
  awk -v r="$recipe" -v f="$files" -v c="$cp_ms" -v b="$b" -v a="$a" \
    'BEGIN { printf "| %s | %d | %.1f | %.1f | %.1f | %.2f | %.2f |\n", r, f, c / 1000, b / 1000, a / 1000, a / b, a / c }'
done
rm -rf "$work/out"
