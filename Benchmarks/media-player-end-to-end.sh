#!/usr/bin/env bash
# How long `duo-new recipe-media-player FieldCast com.example.fieldcast ./FieldCast` takes end
# to end, against its 10-second target: Benchmarks/recipe-end-to-end.sh for the media player.
#
#   Benchmarks/media-player-end-to-end.sh [--runs N] [--work DIR]
set -euo pipefail
exec "$(dirname "$0")/recipe-end-to-end.sh" --recipe recipe-media-player --app FieldCast \
  --bundle-id com.example.fieldcast --target 10 "$@"
