#!/usr/bin/env bash
# How long `duo-new recipe-media-player FieldCast com.example.fieldcast ./FieldCast` takes end
# to end, cold (the package built from nothing; 8-second target) and warm (`duo-new check` again,
# nothing to compile; 2.5 seconds): Benchmarks/recipe-end-to-end.sh for the media player.
#
#   Benchmarks/media-player-end-to-end.sh [--runs N] [--work DIR]
set -euo pipefail
exec "$(dirname "$0")/recipe-end-to-end.sh" --recipe recipe-media-player --app FieldCast \
  --bundle-id com.example.fieldcast --cold-target 8 --warm-target 2.5 "$@"
