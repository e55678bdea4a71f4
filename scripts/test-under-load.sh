#!/usr/bin/env bash
# Runs the README's test command (scripts/test.sh) several times in a row, each under a load of
# about 8 on a 2-core machine, and stops at the first failure: a test that depends on timing or on
# the machine's load shows up here and nowhere else.
#
#   scripts/test-under-load.sh [RUNS] [OUT]     RUNS defaults to 3; logs go to OUT (a new
#                                               temporary folder by default)
#
# The load is four busy loops and two fuzzers (the journal and record readers, 1,200 s each, then
# a busy loop in their place), so the long fuzz runs are had at the same time. OUT holds each
# run's suite log, its load average every 30 s, the fuzzers' logs, and summary.txt, a line a run.
# Exit status: 0 when every run passed and no fuzzer found anything.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${1:-3}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
status=0

busy() { while :; do :; done; }
tree_of() { # PID: the process, then every process below it
  local child
  echo "$1"
  for child in $(pgrep -P "$1"); do tree_of "$child"; done
}

fuzz() { # NAME RUN: the fuzzer's work folder is kept across runs, so its corpus grows
  (cd "$root" && FUZZ_WORK="$out/fuzz-$1" Fuzz/run.sh "$1" 1200 >"$out/fuzz-$1-$2.log" 2>&1)
  echo "rc=$?" >>"$out/fuzz-$1-$2.log"
  busy
}

for run in $(seq 1 "$runs"); do
  load=()
  for _ in 1 2 3 4; do busy & load+=($!); done
  fuzz journal-reader "$run" & load+=($!)
  fuzz record-reader "$run" & load+=($!)
  (while :; do echo "$(date -u +%T) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done) >"$out/load-$run.log" & load+=($!)
  started=$SECONDS
  (cd "$root" && scripts/test.sh >"$out/suite-$run.log" 2>&1)
  result=$?
  # A fuzzer still running is stopped with the rest, its parents first, so that none of them
  # takes the stop for the fuzzer's own failure and writes rc= for it.
  # shellcheck disable=SC2046
  kill $(for pid in "${load[@]}"; do tree_of "$pid"; done) 2>/dev/null
  wait 2>/dev/null
  echo "run $run: exit $result in $((SECONDS - started)) s; $(grep -a 'Test run with' "$out/suite-$run.log" | tail -n 1)" | tee -a "$out/summary.txt"
  # A fuzzer that ended says rc=; one stopped with the suite says nothing. A finding is a file
  # in its artifacts folder either way.
  for log in "$out"/fuzz-*-"$run".log; do
    if grep -q '^rc=' "$log" && ! grep -q '^rc=0$' "$log"; then
      echo "run $run: $(basename "$log") reports a failure" | tee -a "$out/summary.txt"
      status=1
    fi
  done
  if [ -n "$(find "$out" -path '*/artifacts/*' -type f 2>/dev/null | head -n 1)" ]; then
    echo "run $run: a fuzzer left a finding in $out/fuzz-*/artifacts" | tee -a "$out/summary.txt"
    status=1
  fi
  [ "$result" -eq 0 ] || { status=1; break; }
done
echo "logs: $out"
exit $status
