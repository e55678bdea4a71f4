#!/usr/bin/env bash
# Prints the Contents/Developer folder of the newest Xcode release, 26 or later, in /Applications
# (or in the folders given as arguments), for DEVELOPER_DIR; never runs xcode-select. Each Xcode
# is read by its own version (Contents/Info.plist), whatever its folder is called, so GitHub's
# Xcode_26.1.app, Xcode-26.1.0.app and Xcode.app all count; a beta (by its folder's name) does not.
# What it found goes to standard error. Exits 1, saying so, when there is none: duo-new needs
# Swift 6.2 or later, which Xcode 26 brings. Used by .github/workflows/ci.yml and release.yml.
set -euo pipefail

minimum_major=26

# CFBundleShortVersionString of an Info.plist: PlistBuddy on a Mac, Python's plistlib elsewhere
# (the repository's tests run this script on Linux with stand-in Xcode folders).
plist_version() {
  if [ -x /usr/libexec/PlistBuddy ]; then
    /usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$1" 2>/dev/null || true
  else
    python3 -c 'import plistlib, sys; print(plistlib.load(open(sys.argv[1], "rb")).get("CFBundleShortVersionString", ""))' "$1" 2>/dev/null || true
  fi
}
[ $# -gt 0 ] || set -- /Applications
best="" best_version=""
for folder in "$@"; do
  for app in "$folder"/Xcode*.app; do
    [ -f "$app/Contents/Info.plist" ] || continue
    version="$(plist_version "$app/Contents/Info.plist")"
    echo "select-xcode: $app is Xcode ${version:-of no version}" >&2
    case "$version" in ''|*[!0-9.]*) continue ;; esac
    case "$app" in *[Bb]eta*) continue ;; esac
    [ "${version%%.*}" -ge "$minimum_major" ] || continue
    newest="$(printf '%s\n%s\n' "${best_version:-0}" "$version" | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1)"
    if [ -z "$best" ] || [ "$newest" = "$version" ]; then
      best="$app" best_version="$version"
    fi
  done
done
if [ -z "$best" ]; then
  echo "select-xcode: no Xcode $minimum_major or later in $*; duo-new needs Swift 6.2 or later" >&2
  exit 1
fi
echo "select-xcode: chose $best (Xcode $best_version)" >&2
echo "$best/Contents/Developer"
