#!/usr/bin/env bash
# The generated apps' model tests as a Swift package (`swift test`), side by side with the
# 527-line Tools/run-model-tests.sh they replaced (taken from git, `--before REV`, default main),
# in the same run, interleaved round by round, for one bundled recipe:
#   cold       nothing built: a fresh copy of the template tree; the script's program cache
#              empty, the package's .build absent;
#   no change  the same command again at once (the script reuses its cached program; swift test
#              finds nothing to compile);
#   one file   after one model file changed (a comment appended to Model/Countdown.swift or
#              Model/TimeText.swift): the script compiles the whole app module and the checks
#              again; swift test compiles what depends on the file, then links and runs.
# Each side runs on the recipe's tree laid over its layer's, unstamped (the tests need no
# stamping), as scripts/mutate.py does; generation itself is the same for both and left out.
# Prints every round, then the median of each figure and new/old ratios. With GNU time it also
# prints CPU seconds (user + system, children included).
#
#   Benchmarks/model-tests-package.sh --recipe recipe-camera-studio|recipe-media-player
#                                     [--rounds N] [--work DIR] [--before REV]
#
# The script's side gets a cache folder of its own (XDG_CACHE_HOME in the work folder); an
# untimed run first fills the compiler's module cache there, which a machine that has compiled
# Swift before already has. The package's side keeps everything in .build, module cache
# included, so its "cold" pays for that too. Wall-clock figures depend on the machine and its
# load: this reports, it does not assert.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
rounds=3
work=""
recipe=""
before=main

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --recipe) recipe=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 64 ;;
  esac
done
case "$recipe" in
  recipe-camera-studio) changed=Countdown.swift ;;
  recipe-media-player) changed=TimeText.swift ;;
  *) usage >&2; exit 64 ;;
esac
[ -n "$work" ] || work=$(mktemp -d "${TMPDIR:-/tmp}/model-tests-package.XXXXXX")
mkdir -p "$work"
gnu_time=""
if /usr/bin/time -f "%U" true >/dev/null 2>&1; then gnu_time=/usr/bin/time; fi
now() { date +%s.%N; }

# The trees: the layer's, then the recipe's, as they are now (new) and at $before (old).
new_tree=$work/new-tree
old_tree=$work/old-tree
rm -rf "$new_tree" "$old_tree"
mkdir -p "$new_tree" "$old_tree"
for part in duo-app "$recipe"; do
  cp -R "$root/Templates/$part/template/." "$new_tree/"
  (cd "$root" && git archive "$before" "Templates/$part/template") | tar -x -C "$old_tree" --strip-components=3
done
[ -f "$new_tree/Package.swift" ] || { echo "$recipe has no Package.swift here" >&2; exit 66; }
[ -f "$old_tree/Tools/ModelTests/main.swift" ] || [ -f "$old_tree/Tools/ModelTests/Checker.swift" ] ||
  { echo "$before has no Tools/ModelTests for $recipe" >&2; exit 66; }
export XDG_CACHE_HOME=$work/cache

# Runs $2... in folder $1; leaves "seconds cpu" in $result and stops on a failure.
result=""
timed() {
  local folder=$1 start status=0 cpu="-"
  shift
  start=$(now)
  if [ -n "$gnu_time" ]; then
    (cd "$folder" && "$gnu_time" -f "%U %S" -o "$work/cpu.txt" "$@" >"$work/output.txt" 2>&1) || status=$?
  else
    (cd "$folder" && "$@" >"$work/output.txt" 2>&1) || status=$?
  fi
  local seconds
  seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
  if [ "$status" -ne 0 ]; then
    echo "$* in $folder exited $status:" >&2
    tail -n 30 "$work/output.txt" >&2
    exit 1
  fi
  [ -s "$work/cpu.txt" ] && cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/cpu.txt")
  result="$seconds $cpu"
}

echo "untimed: filling the compiler's module cache for the script's side..." >&2
rm -rf "$work/warmup" && cp -R "$old_tree" "$work/warmup"
timed "$work/warmup" sh Tools/run-model-tests.sh --no-cache
rm -rf "$work/warmup"

results=$work/results.txt
: >"$results"
for round in $(seq 1 "$rounds"); do
  for side in old new; do
    project=$work/$side-project
    rm -rf "$project"
    if [ "$side" = old ]; then
      cp -R "$old_tree" "$project"
      rm -rf "$XDG_CACHE_HOME/duo-new"
      command=(sh Tools/run-model-tests.sh)
    else
      cp -R "$new_tree" "$project"
      command=(swift test)
    fi
    timed "$project" "${command[@]}"; cold=$result
    timed "$project" "${command[@]}"; again=$result
    echo "// changed for the benchmark, round $round" >>"$project/__APP_NAME__/Model/$changed"
    timed "$project" "${command[@]}"; edited=$result
    printf '%s %s cold %s\n%s %s no-change %s\n%s %s one-file %s\n' \
      "$round" "$side" "$cold" "$round" "$side" "$again" "$round" "$side" "$edited" | tee -a "$results"
  done
done

echo
echo "$recipe, $rounds rounds, medians (wall s, cpu s); new = swift test, old = run-model-tests.sh from $before:"
for kind in cold no-change one-file; do
  awk -v kind="$kind" '
    function median(list, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && list[j - 1] > list[j]; j--) { t = list[j]; list[j] = list[j - 1]; list[j - 1] = t }
      return n % 2 ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
    }
    $3 == kind && $2 == "old" { ow[++o] = $4; oc[o] = $5 }
    $3 == kind && $2 == "new" { nw[++n] = $4; nc[n] = $5 }
    END {
      mo = median(ow, o); mn = median(nw, n); co = median(oc, o); cn = median(nc, n)
      printf "  %-9s old %6.2f s (cpu %6.2f)   new %6.2f s (cpu %6.2f)   new/old %.2fx\n", kind, mo, co, mn, cn, mn / mo
    }' "$results"
done
