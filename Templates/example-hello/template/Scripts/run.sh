#!/bin/sh
# Generated with '--set scripts=true': builds the program and runs it.
cd "$(dirname "$0")/.." || exit 1
swiftc __APP_NAME__/*.swift -o __PROGRAM__ && ./__PROGRAM__
