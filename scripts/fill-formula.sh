#!/usr/bin/env bash
# Writes Formula/duo-new.rb with its placeholders filled, for a release (release.yml):
#
#   scripts/fill-formula.sh REPOSITORY TAG SHA256 [FORMULA]   the filled formula on standard output
#
# REPOSITORY is owner/name on GitHub, TAG the release tag (v1.2.3, from which Homebrew reads the
# version), SHA256 the digest of the tag's source archive, as 64 hexadecimal digits.
# Works on the placeholders and on a formula an earlier release filled. Refuses (65) a value of
# the wrong form, and a result that lacks one of the four lines or still holds a placeholder.
set -euo pipefail

[ $# -ge 3 ] || { echo "usage: scripts/fill-formula.sh REPOSITORY TAG SHA256 [FORMULA]" >&2; exit 64; }
repository="$1" tag="$2" digest="$3"
formula="${4:-$(dirname "$0")/../Formula/duo-new.rb}"

[[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || { echo "fill-formula: '$repository' is not owner/name" >&2; exit 65; }
[[ "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "fill-formula: '$tag' is not a release tag like v1.2.3" >&2; exit 65; }
[[ "$digest" =~ ^[0-9a-f]{64}$ ]] || { echo "fill-formula: '$digest' is not a SHA-256 in lowercase hexadecimal" >&2; exit 65; }

# The lines are replaced whatever they hold, placeholders or an earlier release's values.
filled="$(sed -E \
  -e "s|^  homepage \".*\"$|  homepage \"https://github.com/$repository\"|" \
  -e "s|^  url \".*\"$|  url \"https://github.com/$repository/archive/refs/tags/$tag.tar.gz\"|" \
  -e "s|^  sha256 \".*\"$|  sha256 \"$digest\"|" \
  -e "s|^  head \"[^\"]*\"|  head \"https://github.com/$repository.git\"|" "$formula")"
for wanted in "  url \"https://github.com/$repository/archive/refs/tags/$tag.tar.gz\"" "  sha256 \"$digest\"" \
  "  homepage \"https://github.com/$repository\"" "  head \"https://github.com/$repository.git\", branch: \"main\""; do
  if [ "$(grep -cxF "$wanted" <<< "$filled")" != 1 ]; then
    echo "fill-formula: the formula has no single line to become '$wanted'" >&2
    exit 65
  fi
done
# The comment above the class names the placeholders in general; no code line may keep one.
if grep -v '^ *#' <<< "$filled" | grep -q '@@'; then
  echo "fill-formula: a placeholder is left in the formula:" >&2
  grep -n '@@' <<< "$filled" | grep -v '^[0-9]*: *#' >&2
  exit 65
fi
printf '%s\n' "$filled"
