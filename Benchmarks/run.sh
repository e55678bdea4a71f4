#!/usr/bin/env bash
# duo-new's speed and memory against `cp -R` of the same tree and against a plain shell pipeline
# doing the same stamping, in the same run, alternating, several runs each; prints a Markdown
# report for docs/performance.md.
#
#   Benchmarks/run.sh [--runs N] [--sizes "small medium large"] [--no-memory] [--work DIR]
#
# DUO_NEW=path/to/duo-new picks the binary; without it the script builds a release binary
# (Benchmarks/common.sh says how).
# The synthetic templates (Benchmarks/make-templates.py) and every output go to the work folder
# (default: $TMPDIR/duo-new-bench), which needs about 3 GiB free for the memory run.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
runs=5
sizes="small medium large"
memory=1
work="$(dirname "$(mktemp -u)")/duo-new-bench"   # the system temporary folder

# The usage is the comment block at the top of this file.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --runs=*) runs=${1#*=}; shift ;;
    --sizes) sizes=$2; shift 2 ;;
    --sizes=*) sizes=${1#*=}; shift ;;
    --work) work=$2; shift 2 ;;
    --work=*) work=${1#*=}; shift ;;
    --no-memory) memory=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done

if [ ! -x /usr/bin/time ]; then
  echo "run.sh: /usr/bin/time is missing; install GNU time (Debian: apt-get install time)" >&2
  exit 69
fi
command -v python3 >/dev/null || { echo "run.sh: python3 is needed to make the templates" >&2; exit 69; }

# shellcheck source=Benchmarks/common.sh
. "$here/common.sh"
use_release_duo_new run.sh

templates="$work/templates"
out="$work/out"
mkdir -p "$templates" "$out"
wanted="$sizes"
[ "$memory" = 1 ] && wanted="$wanted huge"
echo "making templates in $templates..." >&2
# shellcheck disable=SC2086
python3 "$here/make-templates.py" "$templates" $wanted >&2

app=Sitter bundle=com.example.sitter team=ABCDE12345

# Runs one tool once on one size; appends "microseconds rss-KiB cpu-seconds" to $work/times/TOOL-SIZE.
measure() {
  local tool=$1 size=$2 dest="$out/$1-$2" log="$work/last-$1.log" start end
  rm -rf "$dest"
  sync
  start=$(date +%s%N)
  case "$tool" in
    duo-new) /usr/bin/time -f "%M %U %S" -o "$work/rss" "$DUO_NEW" "bench-$size" "$app" "$bundle" "$dest" \
               --templates "$templates" --set "team-id=$team" --no-test --quiet >"$log" 2>&1 ;;
    cp)      /usr/bin/time -f "%M %U %S" -o "$work/rss" cp -R "$templates/bench-$size/template" "$dest" >"$log" 2>&1 ;;
    shell)   /usr/bin/time -f "%M %U %S" -o "$work/rss" "$here/shell-pipeline.sh" "$templates/bench-$size/template" \
               "$dest" "$app" "$bundle" "$team" >"$log" 2>&1 ;;
  esac || { echo "run.sh: $tool failed on $size:" >&2; cat "$log" >&2; exit 1; }
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 )) $(tail -n 1 "$work/rss" | awk '{print $1, $2 + $3}')" >>"$work/times/$tool-$size"
}

# Median of column N (1: microseconds, 2: KiB) of a times file.
median() { awk -v c="$2" '{print $c}' "$1" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
maximum() { awk -v c="$2" '$c > m {m = $c} END {print m}' "$1"; }
seconds() { awk -v u="$1" 'BEGIN {printf "%.3f", u / 1e6}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f×", a / b}'; }
mib() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }

rm -rf "$work/times"
mkdir -p "$work/times"
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)
tools=(duo-new cp shell)
for size in $sizes; do
  echo "size $size: warm-up and check..." >&2
  for tool in "${tools[@]}"; do measure "$tool" "$size"; done
  # duo-new and the pipeline must do the same work: same tree, same bytes, same modes,
  # apart from the record duo-new leaves at the top.
  if ! diff -r "$out/duo-new-$size" "$out/shell-$size" | grep -v "^Only in $out/duo-new-$size: " >"$work/diff-$size"; then :; fi
  if [ -s "$work/diff-$size" ]; then
    echo "run.sh: warning: duo-new and the shell pipeline differ on $size (see $work/diff-$size)" >&2
  fi
  rm -f "$work/times/"*"-$size"
  for ((i = 0; i < runs; i++)); do
    echo "size $size: run $((i + 1))/$runs" >&2
    # Rotate the order so no tool always runs right after another's writeback.
    for ((j = 0; j < ${#tools[@]}; j++)); do measure "${tools[$(((i + j) % ${#tools[@]}))]}" "$size"; done
  done
  for tool in "${tools[@]}"; do rm -rf "${out:?}/$tool-$size"; done
done

help_times="$work/times/help"
for ((i = 0; i < 21; i++)); do
  start=$(date +%s%N)
  "$DUO_NEW" --help >/dev/null
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 ))" >>"$help_times"
done

cpu=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || uname -p)
mem=$(awk '/^MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo 2>/dev/null || echo "?")
fs=$(df -T "$work" | awk 'NR == 2 {print $2}')
commit=$(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo "?")

report="$work/report.md"
{
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -sm), $cpu, $(nproc) cores, $mem RAM, $fs;"
  echo "duo-new $commit (release), $runs runs each after a warm-up, alternating; medians (warm page cache)."
  echo "Load average before the runs: $load. Wall-clock time, then CPU time (user + system) in brackets."
  echo
  echo "| template | files | size | duo-new | cp -R | shell pipeline | duo-new / cp -R | duo-new / shell | duo-new peak RSS |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for size in $sizes; do
    tree="$templates/bench-$size/template"
    files=$(find "$tree" -type f | wc -l)
    bytes=$(find "$tree" -type f -printf '%s\n' | awk '{s += $1} END {print s / 1024}')
    d=$(median "$work/times/duo-new-$size" 1)
    c=$(median "$work/times/cp-$size" 1)
    s=$(median "$work/times/shell-$size" 1)
    cpu() { awk -v v="$(median "$work/times/$1-$size" 3)" 'BEGIN {printf "%.2f", v}'; }
    echo "| $size | $files | $(mib "$bytes") MiB | $(seconds "$d") s ($(cpu duo-new)) | $(seconds "$c") s ($(cpu cp)) | $(seconds "$s") s ($(cpu shell)) | $(ratio "$d" "$c") | $(ratio "$d" "$s") | $(mib "$(maximum "$work/times/duo-new-$size" 2)") MiB |"
  done
  echo
  echo "Start-up: \`duo-new --help\` takes $(awk -v u="$(median "$help_times" 1)" 'BEGIN {printf "%.1f", u / 1000}') ms (median of 21)."
} >"$report"

if [ "$memory" = 1 ]; then
  echo "memory run: a 256 MiB text file and a 1 GiB binary..." >&2
  measure duo-new huge
  measure cp huge
  d=$(median "$work/times/duo-new-huge" 1)
  c=$(median "$work/times/cp-huge" 1)
  {
    echo
    echo "Memory: with a 256 MiB text file and a 1 GiB binary, duo-new peaks at" \
      "$(mib "$(maximum "$work/times/duo-new-huge" 2)") MiB resident and takes $(seconds "$d") s (\`cp -R\`: $(seconds "$c") s)."
  } >>"$report"
  rm -rf "${out:?}/duo-new-huge" "${out:?}/cp-huge"
fi

cat "$report"
echo "(report saved in $report)" >&2
