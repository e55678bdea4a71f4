#!/bin/sh
# The steps after the model tests, on a Mac with Xcode 27.1 or later: find the iPhone Duo
# simulator, build the app for it, install it, launch it with the given switches, and
# screenshot both displays into build/.
#
#   Tools/run-on-simulator.sh [launch switches...]        build, install, launch, screenshot
#   Tools/run-on-simulator.sh --ui-tests [xcodebuild arguments...]
#                                                         the UI tests on the same simulator
#   Tools/run-on-simulator.sh --udid                      print the simulator's UDID
#
# The simulator is found by its UDID in `xcrun simctl list devices available --json` (never
# `booted`, which could be another phone). When the Mac has several Xcodes, set DEVELOPER_DIR:
# every xcrun and xcodebuild call below inherits it. This script never runs xcode-select.
# SCREENSHOT_DELAY (seconds, default 3) is how long the app runs before the screenshots.
#
# Exits 0 when every step worked; 1 when one failed (for a failed build, its first errors are
# shown and the whole log stays in build/); 69 when there is no iPhone Duo simulator (the message
# says which runtime to install); 127 when xcrun or xcodebuild is missing.
set -eu
cd "$(dirname "$0")/.."

app="__APP_NAME__"
bundle_id="__BUNDLE_ID__"
products="build/DerivedData/Build/Products/Debug-iphonesimulator"

say() { printf 'run-on-simulator: %s\n' "$*"; }

for tool in xcrun xcodebuild; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        say "needs $tool: macOS with Xcode 27.1 or later" >&2
        exit 127
    fi
done

if [ -n "${DEVELOPER_DIR:-}" ]; then
    # On standard error: with --udid, standard output is the UDID alone.
    say "using the Xcode at $DEVELOPER_DIR (DEVELOPER_DIR)" >&2
else
    xcodes=$(ls -d /Applications/Xcode*.app 2>/dev/null | wc -l | tr -d ' ')
    if [ "$xcodes" -gt 1 ]; then
        say "$xcodes Xcodes are installed and DEVELOPER_DIR is not set; the default one is used." >&2
        say "to choose, run again with DEVELOPER_DIR=/Applications/Xcode-27.1.app/Contents/Developer" >&2
    fi
fi

# --- The simulator ------------------------------------------------------------------------
# The newest iOS runtime's available iPhone Duo, a booted one first among equals.
devices=$(xcrun simctl list devices available --json) || {
    say "xcrun simctl list devices failed; is Xcode's simulator installed?" >&2
    exit 1
}
udid=$(printf '%s' "$devices" | python3 -c '
import json, re, sys
runtimes = json.load(sys.stdin).get("devices", {})
found = []
for runtime, devices in runtimes.items():
    match = re.search(r"iOS-(\d+)-(\d+)", runtime)
    if not match:
        continue
    version = (int(match.group(1)), int(match.group(2)))
    for device in devices:
        if "iPhone Duo" in device.get("name", "") and device.get("isAvailable", True):
            found.append((version, device.get("state") == "Booted", device["udid"]))
if found:
    print(max(found)[2])
') || {
    say "could not read the simulator list (python3 is needed to read its JSON)" >&2
    exit 1
}
if [ -z "$udid" ]; then
    say "no iPhone Duo simulator is available. Install the iOS 27.1 simulator runtime, which has" >&2
    say "the iPhone Duo (Xcode > Settings > Components, or: xcodebuild -downloadPlatform iOS)," >&2
    say "then create one if none exists: xcrun simctl create \"iPhone Duo\" \"iPhone Duo\"" >&2
    exit 69
fi
if [ "${1:-}" = "--udid" ]; then
    printf '%s\n' "$udid"
    exit 0
fi
say "iPhone Duo simulator $udid"

if [ "${1:-}" = "--ui-tests" ]; then
    shift
    DESTINATION="id=$udid" exec Tools/run-ui-tests.sh "$@"
fi

# --- Build --------------------------------------------------------------------------------
mkdir -p build
log="build/xcodebuild.log"
say "building $app for the simulator (log: $log)"
if ! xcodebuild -project "$app.xcodeproj" -scheme "$app" \
    -destination "platform=iOS Simulator,id=$udid" \
    -derivedDataPath build/DerivedData build >"$log" 2>&1; then
    say "the build failed; its first errors:"
    grep -E '(error|fatal error):' "$log" | head -n 15 | sed 's/^/    /'
    say "the whole log: $log"
    exit 1
fi

# --- Install, launch, screenshot -----------------------------------------------------------
xcrun simctl bootstatus "$udid" -b >/dev/null
xcrun simctl install "$udid" "$products/$app.app"
say "launching $bundle_id $*"
xcrun simctl launch --terminate-running-process "$udid" "$bundle_id" "$@"
sleep "${SCREENSHOT_DELAY:-3}"
# With the phone open, the primary display is the outer one and primary-1 the inner one;
# closed, only the primary display exists.
xcrun simctl io "$udid" screenshot --display=primary build/outer.png
if xcrun simctl io "$udid" screenshot --display=primary-1 build/inner.png; then
    say "screenshots: build/outer.png (primary display) and build/inner.png (primary-1)"
else
    say "screenshot: build/outer.png (primary display); no second display, so the phone is closed"
fi
