#!/bin/sh
# Regenerates Tests/Fixtures/camera-studio/listing.txt, the stored listing that
# CameraStudioListingTests compares a fresh camera studio project with: one line per file,
# folder and link (kind, mode, SHA-256 or link target, path), sorted by path.
#
#   scripts/update-camera-listing.sh          # rewrite the listing from the current recipe
#   scripts/update-camera-listing.sh --check  # only compare; exit 1 and show the difference
#
# It also rewrites the sample run's figures in docs/cli.md (files and bytes planned and written),
# which DocsCommandsTests compares with a real generation.
#
# Run it after a deliberate change to what the camera studio generates (its tree, or the
# duo-app layer's), and commit the listing with the change: the diff shows exactly which
# generated files changed. A change meant to move files only (into or out of a layer) must
# leave the listing as it is; '--check' says whether it did.
set -eu
cd "$(dirname "$0")/.."
listing=Tests/Fixtures/camera-studio/listing.txt

swift build --product duo-new >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/camera-listing.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
# The listing's modes are a checkout's under umask 022, whoever cloned it and under which umask
# (git keeps only the executable bit, and duo-new carries a recipe's modes into the project):
# the recipes are copied with those modes and generated under that umask, as
# CameraStudioListingTests does.
umask 022
cp -R Templates "$work/Templates"
find "$work/Templates" -type d -exec chmod 755 {} +
find "$work/Templates" -type f -perm -u+x -exec chmod 755 {} +
find "$work/Templates" -type f ! -perm -u+x -exec chmod 644 {} +
.build/debug/duo-new recipe-camera-studio Sitter com.example.sitter "$work/Sitter" --no-test --json --templates "$work/Templates" >"$work/report.json" 2>"$work/output.txt"

if command -v sha256sum >/dev/null 2>&1; then digest() { sha256sum | cut -d ' ' -f 1; }; else digest() { shasum -a 256 | cut -d ' ' -f 1; }; fi
if stat -c %a . >/dev/null 2>&1; then mode() { stat -c %a "$1"; }; else mode() { stat -f %Lp "$1"; }; fi

(
    cd "$work/Sitter"
    find . -mindepth 1 ! -path ./.duo-new.json | sed 's|^\./||' | LC_ALL=C sort | while IFS= read -r path; do
        if [ -L "$path" ]; then
            echo "link $(mode "$path") $(readlink "$path") $path"
        elif [ -d "$path" ]; then
            echo "dir $(mode "$path") - $path"
        else
            echo "file $(mode "$path") $(digest <"$path") $path"
        fi
    done
) >"$work/listing.txt"

if [ "${1:-}" = --check ]; then
    if diff -u "$listing" "$work/listing.txt"; then echo "the camera studio generates exactly $listing"; else exit 1; fi
else
    mkdir -p "$(dirname "$listing")"
    cp "$work/listing.txt" "$listing"
    echo "wrote $listing ($(wc -l <"$listing" | tr -d ' ') entries)"
    # docs/cli.md shows a sample run of the same generation; its figures follow the real ones.
    planned=$(sed -n 's/^  planned \(.*\)$/\1/p' "$work/output.txt")
    wrote=$(sed -n 's/^  wrote \(.*\) in .*$/\1/p' "$work/output.txt")
    bytes=$(sed -n 's/^ *"bytes" : \([0-9]*\),$/\1/p' "$work/report.json")
    files=$(sed -n 's/^ *"files" : \([0-9]*\),$/\1/p' "$work/report.json")
    sed -e "s|^  planned [0-9]* files (.*)\$|  planned $planned|" \
        -e "s|^  wrote [0-9]* files (.*) in |  wrote $wrote in |" \
        -e "s|^  \"bytes\" : [0-9]*,\$|  \"bytes\" : $bytes,|" \
        -e "s|^  \"files\" : [0-9]*,\$|  \"files\" : $files,|" docs/cli.md >"$work/cli.md"
    cp "$work/cli.md" docs/cli.md
    echo "updated the sample figures in docs/cli.md ($planned planned, $wrote written)"
fi
