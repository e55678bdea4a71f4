#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a given time.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options...]
#   Fuzz/run.sh TARGET replay FILE...      run the given inputs once each (a finding, a corpus)
#
# TARGET is manifest-decoder or name-rules. Each target is one Swift file in Fuzz/ whose first
# line lists the DuoNewKit sources it needs (`// fuzz-sources: folders or files below
# Sources/DuoNewKit`), and whose second may list helpers in Fuzz/ (`// fuzz-helpers: files`);
# they are compiled into it with `swiftc -sanitize=fuzzer,address`, so the target reaches
# internal API and no package build is involved. The working corpus starts from
# Fuzz/corpus/TARGET plus the project's own files (manifest fixtures and bundled template.yaml
# files, or the bundled Swift sources for the name rules) and lives in the work folder
# ($FUZZ_WORK, default $TMPDIR/duo-new-fuzz/TARGET), with crash-, timeout-, leak- and oom-
# files in its artifacts/ folder. Exit status: 0 when libFuzzer found nothing.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; }
[ $# -ge 2 ] || { usage >&2; exit 64; }
target=$1 seconds=$2
shift 2

case "$target" in
  manifest-decoder) source_file="$here/ManifestDecoderFuzz.swift"; max_len=16384 ;;
  name-rules) source_file="$here/NameRulesFuzz.swift"; max_len=4096 ;;
  *) echo "run.sh: unknown target '$target'; choose manifest-decoder or name-rules" >&2; exit 64 ;;
esac

work="${FUZZ_WORK:-$(dirname "$(mktemp -u)")/duo-new-fuzz/$target}"
mkdir -p "$work/corpus" "$work/artifacts"

# The sources the target names, in a stable order.
sources=()
for entry in $(sed -n '1s#^// fuzz-sources:##p' "$source_file"); do
  path="$root/Sources/DuoNewKit/$entry"
  if [ -d "$path" ]; then
    while IFS= read -r file; do sources+=("$file"); done < <(find "$path" -name '*.swift' | sort)
  elif [ -f "$path" ]; then
    sources+=("$path")
  else
    echo "run.sh: $source_file lists '$entry', which is not in Sources/DuoNewKit" >&2
    exit 66
  fi
done

# Helpers the target compiles beside it, from Fuzz/ (`// fuzz-helpers: files`).
for entry in $(sed -n '2s#^// fuzz-helpers:##p' "$source_file"); do
  sources+=("$here/$entry")
done

binary="$work/fuzzer"
echo "building $target (${#sources[@]} DuoNewKit sources)..." >&2
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -module-name DuoNewKit \
  -I "$root/Sources/CYaml" $(pkg-config --cflags-only-I yaml-0.1 2>/dev/null | sed 's/-I/-Xcc -I/g') \
  "${sources[@]}" "$source_file" -o "$binary" 2>"$work/build.log" || { cat "$work/build.log" >&2; exit 1; }
# The gold linker warns about every ASan helper symbol; show only the rest.
grep -v "Cannot export local symbol '__asan" "$work/build.log" >&2 || true

export SWIFT_BACKTRACE=enable=no  # the Swift backtracer and ASan fight over the crash
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"  # see -detect_leaks below
# Foundation leaks the ICU pattern of every NSRegularExpression that fails to compile; not ours.
options=(-detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=256 -max_len="$max_len" -artifact_prefix="$work/artifacts/")
[ -f "$here/$target.dict" ] && options+=(-dict="$here/$target.dict")

if [ "$seconds" = replay ]; then
  exec "$binary" "${options[@]}" -runs=1 "$@"
fi

# Seeds: the committed corpus, then the project's own files in the target's input format.
seeds="$work/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
cp "$here/corpus/$target/"* "$seeds/" 2>/dev/null || true
n=0
case "$target" in
  manifest-decoder)
    while IFS= read -r -d '' file; do
      n=$((n + 1)); cp "$file" "$seeds/project-$n.yaml"
    done < <(find "$root/Tests/Fixtures" "$root/Templates" -name '*.yaml' -print0 2>/dev/null)
    ;;
  name-rules)
    # AppName, bundle id, value, pattern, Swift source, reserved names, top-level names.
    while IFS= read -r -d '' file; do
      n=$((n + 1))
      { printf 'Sitter\0com.example.sitter\0ABCDE12345\0^[A-Z0-9]{10}$|^$\0'; head -c 3000 "$file"
        printf '\0Tools\0__APP_NAME__,__APP_NAME__Tests,Tools'; } >"$seeds/project-$n"
    done < <(find "$root/Templates" -name '*.swift' -print0 2>/dev/null)
    ;;
esac
echo "seeds: $(find "$seeds" -type f | wc -l) files; corpus: $(find "$work/corpus" -type f | wc -l) files" >&2
echo "running $target for $seconds s..." >&2
"$binary" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 "$@" "$work/corpus" "$seeds"
