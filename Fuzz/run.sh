#!/usr/bin/env bash
# Builds libFuzzer targets and runs them for a given time.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options...]
#   Fuzz/run.sh TARGET replay FILE...      run the given inputs once each (a finding, a corpus)
#   Fuzz/run.sh all SECONDS                every target in turn, SECONDS each
#   Fuzz/run.sh build                      only build every target (a broken one fails here)
#   Fuzz/run.sh list                       the targets
#
# A target is a Swift file Fuzz/NameFuzz.swift (manifest-decoder, name-rules, record-reader,
# journal-reader): its first lines may give the longest input (`// fuzz-max-len: BYTES`) and
# helpers in Fuzz/ compiled beside it (`// fuzz-helpers: files`) and the library it tests
# (`// fuzz-links: core` or `kit`). The package's own targets are compiled with
# `swiftc -sanitize=fuzzer,address -enable-testing`, whole: Sources/DuoNewCore into the core
# library, and Sources/DuoNewKit on top of it into the kit library. A core target links the core
# alone (`@testable import DuoNewCore`); a kit target both. So a target reaches internal API, no
# source list can drift, and no package build is involved; a library is rebuilt only when one of
# its sources (or the core's, for the kit) changes. The working corpus starts from Fuzz/corpus/TARGET plus the project's own files
# in the target's input format, and lives in the work folder ($FUZZ_WORK, or $FUZZ_WORK/TARGET
# for `all` and `build`; default $TMPDIR/duo-new-fuzz/TARGET), with crash-, timeout-, leak- and
# oom- files in its artifacts/ folder. Exit status: 0 when libFuzzer found nothing (`all`: when
# no target found anything).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
base="$(dirname "$(mktemp -u)")/duo-new-fuzz"

# ManifestDecoderFuzz.swift -> manifest-decoder
targets() {
  for file in "$here"/*Fuzz.swift; do
    basename "$file" Fuzz.swift | sed 's/\([a-z0-9]\)\([A-Z]\)/\1-\2/g' | tr '[:upper:]' '[:lower:]'
  done
}
source_of() {
  local name
  name=$(echo "$1" | awk -F- '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2) }')
  echo "$here/${name}Fuzz.swift"
}
header() { sed -n "1,5s#^// $2: *##p" "$1"; }

[ $# -ge 1 ] || { usage >&2; exit 64; }
case "$1" in
  list) targets; exit 0 ;;
  build)
    for name in $(targets); do FUZZ_WORK=${FUZZ_WORK:+$FUZZ_WORK/$name} "$0" "$name" build; done
    exit 0
    ;;
  all)
    [ $# -eq 2 ] || { usage >&2; exit 64; }
    status=0
    for name in $(targets); do FUZZ_WORK=${FUZZ_WORK:+$FUZZ_WORK/$name} "$0" "$name" "$2" || status=1; done
    exit $status
    ;;
esac
[ $# -ge 2 ] || { usage >&2; exit 64; }
target=$1 seconds=$2
shift 2
source_file=$(source_of "$target")
if [ ! -f "$source_file" ]; then
  echo "run.sh: unknown target '$target'; choose one of: $(targets | tr '\n' ' ')" >&2
  exit 64
fi
max_len=$(header "$source_file" fuzz-max-len)
max_len=${max_len:-4096}

work="${FUZZ_WORK:-$base/$target}"
mkdir -p "$work/corpus" "$work/artifacts"

# The libraries: every source of a package target, built once per content (its hash names the
# folder). SwiftPM passes -I for the system modules' folders; pkg-config gives where their
# headers are.
include_flags=(-I "$root/Sources/CYaml" -I "$root/Sources/CCrypto")
for package in yaml-0.1 libcrypto; do
  for flag in $(pkg-config --cflags-only-I "$package" 2>/dev/null); do include_flags+=(-Xcc "$flag"); done
done
# `package` declarations of the core are seen by the kit when both name one package.
swift_flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -package-name duo_new)

# build_library MODULE [DEPENDENCY_FOLDER]: prints the folder holding libMODULE.a and its module.
build_library() {
  local module=$1 depends=${2:-} sources=() file hash folder
  while IFS= read -r file; do sources+=("$file"); done < <(find "$root/Sources/$module" -name '*.swift' | LC_ALL=C sort)
  hash=$( { swiftc --version 2>&1; echo "${swift_flags[*]} ${include_flags[*]} $depends"
            for file in "${sources[@]}"; do echo "${file#"$root"/}"; cat "$file"; done; } | sha256sum | cut -c1-16)
  folder="$base/$module-$hash"
  if [ ! -f "$folder/lib$module.a" ]; then
    echo "building $module for fuzzing (${#sources[@]} sources, once per change; a few minutes)..." >&2
    # A folder of this run's own: two fuzzers started together (scripts/test-under-load.sh)
    # both build the library, and one removing a shared partial folder under the other's
    # compiler crashed it (its working folder gone).
    local partial
    mkdir -p "$base" && partial=$(mktemp -d "$folder.partial.XXXXXX") || return 1
    (cd "$partial" && swiftc "${swift_flags[@]}" -enable-testing -module-name "$module" "${include_flags[@]}" \
      ${depends:+-I "$depends"} -emit-library -static -emit-module -emit-module-path "$partial/$module.swiftmodule" \
      "${sources[@]}" -o "$partial/lib$module.a") 2>"$work/build.log" || { cat "$work/build.log" >&2; rm -rf "$partial"; return 1; }
    # The first whole build in is kept; a folder without its library (a run killed mid-move) is replaced.
    if [ ! -f "$folder/lib$module.a" ]; then
      rm -rf "$folder"
      mv "$partial" "$folder"
    fi
    rm -rf "$partial"
  fi
  echo "$folder"
}
core=$(build_library DuoNewCore)
links=$(header "$source_file" fuzz-links)
libraries=("$core/libDuoNewCore.a")
search=(-I "$core")
case "${links:-core}" in
  core) ;;
  kit)
    kit=$(build_library DuoNewKit "$core")
    libraries=("$kit/libDuoNewKit.a" "$core/libDuoNewCore.a")
    search+=(-I "$kit")
    ;;
  *) echo "run.sh: $source_file: fuzz-links must be core or kit, not '$links'" >&2; exit 64 ;;
esac

# The target, linked with its libraries (and the C libraries their system modules name).
sources=("$source_file")
for entry in $(header "$source_file" fuzz-helpers); do sources+=("$here/$entry"); done
binary="$work/fuzzer"
module=$(basename "$source_file" .swift)
echo "building $target..." >&2
swiftc "${swift_flags[@]}" -module-name "$module" "${search[@]}" "${include_flags[@]}" \
  "${sources[@]}" "${libraries[@]}" -lyaml -lcrypto -o "$binary" 2>"$work/build.log" || { cat "$work/build.log" >&2; exit 1; }
# The gold linker warns about every ASan helper symbol; show only the rest.
grep -v "Cannot export local symbol '__asan" "$work/build.log" >&2 || true
[ "$seconds" = build ] && exit 0

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
  record-reader)
    while IFS= read -r -d '' file; do
      n=$((n + 1)); cp "$file" "$seeds/project-$n.json"
    done < <(find "$root/Tests/Fixtures" -name '.duo-new.json' -print0 2>/dev/null)
    ;;
esac
echo "seeds: $(find "$seeds" -type f | wc -l) files; corpus: $(find "$work/corpus" -type f | wc -l) files" >&2
echo "running $target for $seconds s..." >&2
"$binary" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 "$@" "$work/corpus" "$seeds"
