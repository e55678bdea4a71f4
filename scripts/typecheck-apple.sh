#!/usr/bin/env bash
# Type-checks a recipe's Apple-only Swift (SwiftUI, UIKit, AVFoundation, AVKit, XCTest) with the
# generated project's Swift settings: on a Mac with Xcode, against the iOS simulator SDK itself
# (`xcrun --sdk iphonesimulator swiftc`, no stand-ins); elsewhere (Linux), against the stand-in
# modules in Tests/AppleStandIns. The first line of output says which.
#
#   scripts/typecheck-apple.sh [recipe...]          generate each recipe (default: every recipe-*)
#   scripts/typecheck-apple.sh --project DIR        check a project generated already
#   --cache DIR    keep the built stand-ins and the compiler's module cache in DIR between runs
#                  (rebuilt when a stand-in changes); by default both go in a temporary folder
#   --stand-ins    use the stand-ins even where the iOS SDK is installed
#
# The app target (all of its Swift files, Apple-only and portable, as one module the way Xcode
# builds it) is compiled with Swift 6, default MainActor isolation, the approachable-concurrency
# features and warnings as errors; the UI-test target separately, against the XCTest stand-in.
# Both are compiled to SIL (-wmo -emit-sil -o /dev/null), not just type-checked: Swift's data-race
# checks (a non-Sendable value sent to another actor) run on SIL, and `swiftc -typecheck` skips
# them, as it skips every diagnostic an Xcode build reports after type checking.
# iOS 27.1 checks: Swift on Linux ignores `iOS` availability, so the copy that is compiled spells
# `#available(iOS 27.1, *)` and `@available(iOS 27.1, *)` as the stand-ins' availability domain
# iOS_27_1 (Tests/AppleStandIns/README.md); an unguarded use of iOS 27.1 API then fails to compile,
# reported as "is only available in iOS_27_1". With the real SDK the project's own availability
# checks are compiled as written, for the project's deployment target.
# Near misses: a method of a type adopting an Apple delegate protocol that nearly matches one of its
# Objective-C optional requirements (a misspelt name, other labels, a missing @Sendable) is never
# called; Xcode warns, and warnings are errors here. The stand-ins cannot make the Linux compiler
# say so (an optional requirement is a requirement with a default there), so
# `scripts/apple-symbols.py --near-misses` checks each target's files against the requirements the
# stand-ins mark `// optional`, on both platforms.
# Exit 0 when every check passes, 1 when the compiler or the near-miss check refuses something (its
# messages on stderr, paths in the checked project), 64 for bad usage.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
standins="$repo/Tests/AppleStandIns"

usage() { echo "usage: scripts/typecheck-apple.sh [recipe...] | --project DIR" >&2; exit 64; }

projects=()
recipes=()
cache=
force_stand_ins=
while [ $# -gt 0 ]; do
  case "$1" in
    --stand-ins) force_stand_ins=1; shift ;;
    --project) [ $# -ge 2 ] || usage; projects+=("$(cd "$2" && pwd)"); shift 2 ;;
    --cache) [ $# -ge 2 ] || usage; mkdir -p "$2"; cache="$(cd "$2" && pwd)"; shift 2 ;;
    -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "typecheck-apple: unknown option '$1'" >&2; usage ;;
    *) recipes+=("$1"); shift ;;
  esac
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ ${#projects[@]} -eq 0 ]; then
  if [ ${#recipes[@]} -eq 0 ]; then
    for dir in "$repo"/Templates/recipe-*/; do recipes+=("$(basename "$dir")"); done
  fi
  bin="${DUO_NEW:-}"
  if [ -z "$bin" ]; then
    (cd "$repo" && swift build --product duo-new >/dev/null)
    bin="$(cd "$repo" && swift build --show-bin-path)/duo-new"
  fi
  for recipe in "${recipes[@]}"; do
    (cd "$work" && "$bin" "$recipe" Sitter com.example.sitter "$work/$recipe" --no-test >/dev/null)
    projects+=("$work/$recipe")
  done
fi

[ -n "$cache" ] || cache="$work"
mkdir -p "$cache/module-cache"
# The project's Swift settings (Swift 6, the approachable-concurrency features, warnings as errors),
# compiled to SIL so the data-race checks run too (see above).
settings=(-wmo -emit-sil -o /dev/null -swift-version 6 -warnings-as-errors
  -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
  -module-cache-path "$cache/module-cache")

sdk=
if [ -z "$force_stand_ins" ] && command -v xcrun >/dev/null 2>&1; then
  sdk="$(xcrun --sdk iphonesimulator --show-sdk-path 2>/dev/null || true)"
fi
if [ -n "$sdk" ]; then
  # The real iOS SDK: its own modules, the project's deployment target, XCTest from the platform.
  platform="$(xcrun --sdk iphonesimulator --show-sdk-platform-path)"
  echo "typecheck-apple: checking against the iOS simulator SDK at $sdk"
  app_compiler=(xcrun --sdk iphonesimulator swiftc -sdk "$sdk" "${settings[@]}")
  test_compiler=("${app_compiler[@]}" -F "$platform/Developer/Library/Frameworks" -I "$platform/Developer/usr/lib")
else
  echo "typecheck-apple: checking against the stand-ins in Tests/AppleStandIns (no iOS SDK here: not the real SDK)"
  # The stand-in modules, in dependency order, built from their .swiftinterface files.
  modules="$cache/modules"
  stamp="$cache/modules.stamp"
  mkdir -p "$modules"
  frontend=(swiftc -frontend -compile-module-from-interface -I "$modules" -I "$standins/AppleAvailability"
    -module-cache-path "$cache/module-cache" -enable-experimental-feature CustomAvailability)
  if [ ! -f "$stamp" ] || [ -n "$(find "$standins" -newer "$stamp" -type f -print -quit)" ]; then
    rm -f "$stamp"
    for module in AppleFoundation CoreMedia CoreVideo QuartzCore ImageIO UIKit AVFoundation CoreTransferable SwiftUI AVKit XCTest; do
      "${frontend[@]}" -module-name "$module" "$standins/$module/$module.swiftinterface" -o "$modules/$module.swiftmodule"
    done
    touch "$stamp"
  fi
  app_compiler=(swiftc "${settings[@]}" -enable-experimental-feature CustomAvailability
    -I "$modules" -I "$standins/AppleAvailability")
  test_compiler=("${app_compiler[@]}")
fi

status=0
for project in "${projects[@]}"; do
  app="$(basename "$(find "$project" -maxdepth 1 -name '*.xcodeproj' | head -n 1)" .xcodeproj)"
  if [ -z "$app" ] || [ ! -d "$project/$app" ]; then
    echo "typecheck-apple: $project has no Xcode project with an app folder" >&2
    exit 64
  fi
  copy="$work/copy/$(basename "$project")"
  mkdir -p "$copy"
  for target in "$app" "${app}UITests"; do
    [ -d "$project/$target" ] || continue
    (cd "$project" && find "$target" -name '*.swift' -print) | while read -r file; do
      mkdir -p "$copy/$(dirname "$file")"
      if [ -n "$sdk" ]; then
        cp "$project/$file" "$copy/$file"
        continue
      fi
      # Columns stay where they were: the domain spelling is padded to the original length.
      sed -e 's/#available(iOS 27\.1, \*)/#available(iOS_27_1)   /g' \
          -e 's/#unavailable(iOS 27\.1)/#unavailable(iOS_27_1)/g' \
          -e 's/@available(iOS 27\.1, \*)/@available(iOS_27_1)   /g' "$project/$file" > "$copy/$file"
    done
  done
  if [ -z "$sdk" ] && grep -rnE '[#@](available|unavailable)\(iOS [0-9]' "$copy" >/dev/null; then
    echo "typecheck-apple: availability for an iOS version other than 27.1 has no stand-in domain:" >&2
    grep -rnE '[#@](available|unavailable)\(iOS [0-9]' "$copy" | sed "s|$copy|$project|" >&2
    exit 1
  fi
  # check LABEL FILES-ARRAY-NAME COMMAND...: the compiler's verdict and the near-miss check's.
  check() {
    local label="$1" list="$2"; shift 2
    local log="$work/log" failed=
    local -n listed="$list"
    "$@" >"$log" 2>&1 || failed=1
    python3 "$repo/scripts/apple-symbols.py" --stand-ins-dir "$standins" --near-misses "${listed[@]}" >>"$log" 2>&1 || failed=1
    if [ -z "$failed" ]; then
      echo "typecheck-apple: $(basename "$project") $label: passed"
    else
      sed "s|$copy|$project|g" "$log" >&2
      echo "typecheck-apple: $(basename "$project") $label: FAILED" >&2
      status=1
    fi
  }
  # On the real SDK, the project's own deployment target decides which API needs a check.
  target=()
  if [ -n "$sdk" ]; then
    deployment="$(grep -m 1 -oE 'IPHONEOS_DEPLOYMENT_TARGET = [0-9.]+' "$project/$app.xcodeproj/project.pbxproj" | grep -oE '[0-9.]+$' || true)"
    target=(-target "$(uname -m)-apple-ios${deployment:-26.0}-simulator")
  fi
  mapfile -t app_files < <(find "$copy/$app" -name '*.swift' | sort)
  check "app target (${#app_files[@]} files)" app_files "${app_compiler[@]}" "${target[@]}" -default-isolation MainActor -module-name "$app" "${app_files[@]}"
  if [ -d "$copy/${app}UITests" ]; then
    mapfile -t test_files < <(find "$copy/${app}UITests" -name '*.swift' | sort)
    check "UI-test target (${#test_files[@]} files)" test_files "${test_compiler[@]}" "${target[@]}" -module-name "${app}UITests" "${test_files[@]}"
  fi
done
exit $status
