#!/usr/bin/env bash
# How long `duo-new recipe-camera-studio Sitter com.example.sitter ./Sitter` takes end to end,
# against its 15-second target: Benchmarks/recipe-end-to-end.sh for the camera studio.
#
#   Benchmarks/camera-studio-end-to-end.sh [--runs N] [--work DIR]
set -euo pipefail
exec "$(dirname "$0")/recipe-end-to-end.sh" --recipe recipe-camera-studio --app Sitter \
  --bundle-id com.example.sitter --target 15 "$@"
