#!/usr/bin/env bash
# How long `duo-new recipe-camera-studio Sitter com.example.sitter ./Sitter` takes end to end,
# cold (the package built from nothing; 8-second target) and warm (`duo-new check` again, nothing
# to compile; 2.5 seconds):
# Benchmarks/recipe-end-to-end.sh for the camera studio.
#
#   Benchmarks/camera-studio-end-to-end.sh [--runs N] [--work DIR]
set -euo pipefail
exec "$(dirname "$0")/recipe-end-to-end.sh" --recipe recipe-camera-studio --app Sitter \
  --bundle-id com.example.sitter --cold-target 8 --warm-target 2.5 "$@"
