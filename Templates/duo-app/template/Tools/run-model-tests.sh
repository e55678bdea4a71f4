#!/bin/sh
# Builds the app's portable code (Model/, and the files in Capture/ and App/ that import only
# Foundation or Observation) with the checks in Tools/ModelTests, using the app target's
# settings: Swift 6, default isolation MainActor. Runs on macOS and Linux; needs no simulator.
#
#   Tools/run-model-tests.sh [--verbose] [--pictures DIR]
#
# Prints a line per group of checks (per check with --verbose), every failed check by name,
# and ends with "N passed, M failed". Exits 0 when all pass, 1 when a check fails or the code
# does not compile, 126 when the Swift compiler is too old, and 127 when there is none.
#
# --pictures DIR (or MODEL_TESTS_PICTURES=DIR) also draws the layout of every pose as SVG into
# DIR, relative to the project's folder.
#
# MODEL_TESTS_SAMPLES=<folder> also leaves a stand-in photo and movie there, with their gallery
# index, for checking with standard tools (djpeg, ffprobe, QuickTime Player).
set -eu

root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"

# --- The compiler -------------------------------------------------------------------------
swiftc=$(command -v swiftc 2>/dev/null || true)
if [ -z "$swiftc" ] && command -v xcrun >/dev/null 2>&1; then
    swiftc=$(xcrun --find swiftc 2>/dev/null || true)
fi
if [ -z "$swiftc" ]; then
    # One line, so whoever ran this (duo-new reports the last line) can say what to install.
    echo "run-model-tests: swiftc not found; install Xcode 26 or later on macOS, or a Swift 6.2 or later toolchain from https://www.swift.org/install/ on Linux, and put swiftc on PATH" >&2
    exit 127
fi
list=$(mktemp "${TMPDIR:-/tmp}/model-tests-sources.XXXXXX")
build=$(mktemp -d "${TMPDIR:-/tmp}/model-tests-build.XXXXXX")
trap 'rm -rf "$build" "$list"' EXIT INT TERM
# From here on the compiler's temporary folders (even --version makes one) and the tests' go
# into $build, which the trap removes, not into the system's temporary folder.
export TMPDIR="$build"
version=$("$swiftc" --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n 1)
major=${version%% *}
minor=${version##* }
if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; then
    echo "run-model-tests: $("$swiftc" --version 2>&1 | head -n 1)" >&2
    echo "run-model-tests: $swiftc is too old; install Swift 6.2 or later (Xcode 26 or later on macOS), which has -default-isolation" >&2
    exit 126
fi

# --- The sources --------------------------------------------------------------------------
app=""
for model in */Model; do
    if [ -d "$model" ] && [ "$model" != "Tools/Model" ]; then
        app=${model%/Model}
    fi
done
if [ -z "$app" ]; then
    echo "run-model-tests: no app folder with a Model/ folder in $root" >&2
    exit 1
fi

# A file is portable when it has no platform guard and imports only Foundation or Observation;
# the SwiftUI views and the AVFoundation backend are left to Xcode.
portable() {
    ! grep -Eq '^[[:space:]]*#if[[:space:]]+canImport' "$1" &&
        ! grep -E '^[[:space:]]*(@[A-Za-z]+[[:space:]]+)?import[[:space:]]' "$1" |
            grep -Evq '^[[:space:]]*import[[:space:]]+(Foundation|Observation)[[:space:]]*$'
}

for file in "$app"/Model/*.swift "$app"/Capture/*.swift "$app"/App/*.swift Tools/ModelTests/*.swift; do
    if [ -f "$file" ] && portable "$file"; then
        printf '%s\n' "$file" >>"$list"
    fi
done

# --- Build and run ------------------------------------------------------------------------
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)
target=""
if [ "$(uname -s)" = Darwin ]; then
    # Observation and the Swift concurrency used here need a recent macOS; build for this one.
    target="-target $(uname -m)-apple-macosx$(sw_vers -productVersion | cut -d. -f1-2)"
fi
echo "run-model-tests: compiling $(wc -l <"$list" | tr -d ' ') files from $app/ and Tools/ModelTests/ on $cores cores"
# The two upcoming features are what SWIFT_APPROACHABLE_CONCURRENCY = YES turns on in Xcode.
# Whole-module mode type-checks once and spreads code generation over every core.
# shellcheck disable=SC2046,SC2086 # file names come from the tree above and hold no spaces
if ! "$swiftc" -swift-version 6 -default-isolation MainActor -module-name ModelTests \
    -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances \
    -wmo -num-threads "$cores" -j "$cores" $target \
    $(cat "$list") -o "$build/model-tests"; then
    echo "run-model-tests: the model does not compile"
    echo "0 passed, 1 failed"
    exit 1
fi
"$build/model-tests" "$root" "$root/$app" "$@"
