#!/usr/bin/env bash
# The plain-shell way of doing duo-new's job, the benchmark's second yardstick:
#   Benchmarks/shell-pipeline.sh TEMPLATE-TREE DEST APP-NAME BUNDLE-ID TEAM-ID
# Copies the tree, stamps the three tokens in the contents of text files (grep -I leaves out
# files with NUL bytes, *.png is verbatim) with one perl per batch of files, renames tokened
# names deepest first, refuses leftover tokens, and moves the result into place. It is written
# to be fast (batched, no per-file perl or sed), so beating it means something.
set -euo pipefail
export LC_ALL=C
src=$1 dest=$2 app=$3 bundle=$4 team=$5
tmp="$dest.tmp.$$"
trap 'rm -rf "$tmp"' EXIT

cp -R "$src" "$tmp"

find "$tmp" -type f ! -name '*.png' -print0 \
  | xargs -0 grep -IlZ -e __APP_NAME__ -e __BUNDLE_ID__ -e __TEAM_ID__ \
  | xargs -0 -r perl -pi -e "s/__APP_NAME__/$app/g; s/__BUNDLE_ID__/$bundle/g; s/__TEAM_ID__/$team/g"

find "$tmp" -depth -name '*__*__*' -print0 | while IFS= read -r -d '' path; do
  name=${path##*/}
  name=${name//__APP_NAME__/$app}
  name=${name//__BUNDLE_ID__/$bundle}
  name=${name//__TEAM_ID__/$team}
  mv "$path" "${path%/*}/$name"
done

if grep -rIlE '__[A-Z][A-Z0-9_]*__' "$tmp" || [ -n "$(find "$tmp" -name '*__[A-Z]*__*' -print -quit)" ]; then
  echo "shell-pipeline: tokens left after stamping" >&2
  exit 1
fi
mv "$tmp" "$dest"
