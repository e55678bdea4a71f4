#!/bin/sh
# The model tests (Swift Testing, in the package beside the Xcode project); arguments go to swift test.
cd "$(dirname -- "$0")/.." && exec swift test "$@"
