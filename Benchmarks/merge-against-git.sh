#!/usr/bin/env bash
# duo-new's line merge (LineMerge) against `git merge-file`, on the same files in the same run:
# 1,000, 10,000 and 100,000 lines, with scattered edits on both sides and with a rewrite.
#
#   Benchmarks/merge-against-git.sh [ROUNDS]      (default 3; the median time is shown)
#
# The merge's sources (Sources/DuoNewCore/Merge: LineDiff, LineDiffSearch, LineMerge) are
# compiled with `swiftc -O` into a small program that merges three files as `git merge-file -p`
# does, so the figures are the merge's own, not an update's. Time and peak memory (maximum
# resident set) come from /usr/bin/time for each process, git's and ours alike. The last column
# says whether the two outputs are the same bytes. Needs swiftc, git, python3 and GNU time.
set -euo pipefail

rounds=${1:-3}
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/duo-new-merge-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

cat > "$work/main.swift" <<'SWIFT'
import Foundation

let arguments = CommandLine.arguments
func read(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }
let result = LineMerge.merge(
    base: read(arguments[2]), ours: read(arguments[1]), theirs: read(arguments[3]),
    labels: LineMerge.Labels(ours: "ours", theirs: "theirs")
)
FileHandle.standardOutput.write(Data(result.bytes))
exit(result.isClean ? 0 : 1)
SWIFT
swiftc -O -module-name MergeBench -o "$work/merge" \
  "$root/Sources/DuoNewCore/Merge/LineDiff.swift" "$root/Sources/DuoNewCore/Merge/LineDiffSearch.swift" \
  "$root/Sources/DuoNewCore/Merge/LineMerge.swift" "$work/main.swift"

# The files: numbered lines of code-like text; `scattered`: each side edits every 50th line (at
# different places) and both make one same edit; `rewrite`: the recipe's side changes every
# line (a reformatting), yours edits every 50th.
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
for lines in (1000, 10000, 100000):
    base = [f"    let value{i} = compute({i}, scale: {i % 7})\n" for i in range(lines)]
    ours = [f"    let value{i} = compute({i}, scale: {i % 7}) // mine\n" if i % 50 == 10 else l for i, l in enumerate(base)]
    theirs = [f"    let value{i} = compute({i}, scale: {i % 7} + 1)\n" if i % 50 == 35 else l for i, l in enumerate(base)]
    ours[lines // 2] = theirs[lines // 2] = "    // the same edit on both sides\n"
    rewrite = [f"\tlet value{i} = compute({i}, scale: {i % 7})\n" for i in range(lines)]
    for name, text in (("base", base), ("ours", ours), ("theirs", theirs), ("rewrite", rewrite)):
        with open(f"{work}/{lines}.{name}", "w") as f:
            f.write("".join(text))
PY

# Runs "$@" ROUNDS times; prints the median seconds and the largest peak memory in MiB.
measure() {
  local times=() peak=0 line
  for _ in $(seq "$rounds"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2>/dev/null || true
    line=$(tail -1 "$work/time")
    times+=("${line% *}")
    [ "${line#* }" -gt "$peak" ] && peak=${line#* }
  done
  printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (rounds + 1) / 2 ))p")" "$(( (peak + 512) / 1024 ))"
}

echo "| lines | edits | git merge-file | duo-new's merge | same output |"
echo "|---:|---|---:|---:|---|"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
for lines in 1000 10000 100000; do
  for kind in scattered rewrite; do
    theirs="$work/$lines.theirs"
    [ "$kind" = rewrite ] && theirs="$work/$lines.rewrite"
    read -r git_time git_mem < <(measure git merge-file -p -L ours -L base -L theirs "$work/$lines.ours" "$work/$lines.base" "$theirs")
    cp "$work/out" "$work/git.out"
    read -r our_time our_mem < <(measure "$work/merge" "$work/$lines.ours" "$work/$lines.base" "$theirs")
    same=no
    cmp -s "$work/out" "$work/git.out" && same=yes
    echo "| $lines | $kind | $git_time s, $git_mem MiB | $our_time s, $our_mem MiB | $same |"
  done
done
