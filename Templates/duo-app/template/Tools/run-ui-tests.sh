#!/bin/sh
# Runs the UI tests on a simulator (or device) with `xcodebuild test`.
#
#   DESTINATION="id=<UDID>" Tools/run-ui-tests.sh [extra xcodebuild arguments]
#   DESTINATION="id=<UDID>" Tools/run-ui-tests.sh \
#     -only-testing:__APP_NAME__UITests/__APP_NAME__UITests/testStudioLayoutInThisPose
#
# DESTINATION is an xcodebuild destination without the platform, usually the iPhone Duo
# simulator's UDID (`xcrun simctl list devices available | grep "iPhone Duo"`); a full
# specifier such as "platform=iOS Simulator,name=iPhone Duo" works too. Set DEVELOPER_DIR when
# the Mac has more than one Xcode. A UI test brings the app to the front of the simulator.
set -eu
cd "$(dirname "$0")/.."

if [ -z "${DESTINATION:-}" ]; then
  echo "run-ui-tests: set DESTINATION, for example DESTINATION=\"id=<UDID>\"" >&2
  echo "  find the UDID with: xcrun simctl list devices available | grep \"iPhone Duo\"" >&2
  exit 64
fi
if ! command -v xcodebuild >/dev/null 2>&1; then
  echo "run-ui-tests: xcodebuild not found; the UI tests need a Mac with Xcode 27.1 or later" >&2
  exit 69
fi

case "$DESTINATION" in
  *platform=*) destination="$DESTINATION" ;;
  *) destination="platform=iOS Simulator,$DESTINATION" ;;
esac

exec xcodebuild test \
  -project __APP_NAME__.xcodeproj \
  -scheme __APP_NAME__ \
  -destination "$destination" \
  -derivedDataPath build/DerivedData \
  -parallel-testing-enabled NO \
  "$@"
