#!/usr/bin/env bash
# Makes the media player recipe's six sample clips: 12 seconds each, 640 x 360, H.264 video
# with AAC sound, about 110 KB, in two shows. Every frame comes from FFmpeg's own generators
# (test patterns, gradients, a game of life, tones), so nothing is downloaded and nobody's
# footage is bundled.
#
#   scripts/make-media-player-clips.sh [output folder]
#
# Default output: Templates/recipe-media-player/template/__APP_NAME__/Media/. Each clip shows
# its show, its number in large type and the seconds played, so a screenshot says which clip
# is playing and where; each has its own tone, beeping once a second. Encoding is two-pass
# at a fixed bit rate on one thread with FFmpeg's bit-exact flags, so the same FFmpeg makes
# the same bytes. Needs ffmpeg built with libx264 and libfreetype (Debian: ffmpeg) and the
# DejaVu fonts (Debian: fonts-dejavu-core). Media/Catalog.json describes the clips; keep its
# ids, titles and durations in step with the list below.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
output=${1:-"$root/Templates/recipe-media-player/template/__APP_NAME__/Media"}
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
seconds=12
video_rate=56k
audio_rate=24k

command -v ffmpeg >/dev/null 2>&1 || { echo "make-media-player-clips: ffmpeg not found; install it (Debian: apt-get install ffmpeg)" >&2; exit 69; }
[ -f "$font" ] || { echo "make-media-player-clips: $font not found; install the DejaVu fonts (Debian: apt-get install fonts-dejavu-core)" >&2; exit 69; }
encoders=$(ffmpeg -hide_banner -encoders 2>/dev/null)
[[ "$encoders" == *libx264* ]] || { echo "make-media-player-clips: this ffmpeg has no libx264 encoder" >&2; exit 69; }
mkdir -p "$output"
work=$(mktemp -d "${TMPDIR:-/tmp}/media-player-clips.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# id | show title | number | background source (an FFmpeg lavfi graph) | colour of the number | tone (Hz)
clips=(
  "small-repairs-1|Small Repairs|1|testsrc2=size=640x360:rate=24|white|440"
  "small-repairs-2|Small Repairs|2|smptebars=size=640x360:rate=24,hue=h=30*t|white|494"
  "small-repairs-3|Small Repairs|3|rgbtestsrc=size=640x360:rate=24,hue=H=PI*t/6|black|554"
  "night-sky-notes-1|Night Sky Notes|1|gradients=size=640x360:rate=24:c0=#0b1030:c1=#3a2a80:c2=#0a5060:nb_colors=3:seed=11:speed=0.03|yellow|330"
  "night-sky-notes-2|Night Sky Notes|2|life=size=640x360:rate=24:seed=7:mold=10:life_color=#88c0ff:death_color=#0a1030:mold_color=#203060|yellow|370"
  "night-sky-notes-3|Night Sky Notes|3|colorspectrum=size=640x360:rate=24:type=black,scroll=horizontal=0.002,eq=brightness=-0.25|yellow|415"
)

for clip in "${clips[@]}"; do
  IFS='|' read -r id show number source colour tone <<<"$clip"
  # The number, the show and a seconds counter, each on a dark box so any background reads.
  text="drawtext=fontfile=$font:text='$number':fontsize=180:fontcolor=$colour:box=1:boxcolor=black@0.45:boxborderw=24:x=(w-text_w)/2:y=(h-text_h)/2-20"
  text="$text,drawtext=fontfile=$font:text='$show':fontsize=30:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=10:x=24:y=24"
  text="$text,drawtext=fontfile=$font:text='%{eif\:t\:d} s':fontsize=30:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=10:x=w-text_w-24:y=h-text_h-24"
  video="$source,format=yuv420p,$text,trim=duration=$seconds,setpts=PTS-STARTPTS"
  audio="aevalsrc=exprs='0.3*sin(2*PI*$tone*t)*lt(mod(t\,1)\,0.2)':sample_rate=44100:channel_layout=mono:duration=$seconds"
  for pass in 1 2; do
    target="$work/$id.mp4"
    [ "$pass" = 1 ] && target=/dev/null
    ffmpeg -hide_banner -loglevel error -y \
      -f lavfi -i "$video" -f lavfi -i "$audio" \
      -map 0:v -map 1:a -t "$seconds" \
      -c:v libx264 -profile:v main -level 3.0 -preset slow -threads 1 -b:v "$video_rate" -pass "$pass" \
      -passlogfile "$work/$id" -g 48 -pix_fmt yuv420p \
      -c:a aac -b:a "$audio_rate" -ac 1 \
      -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1 -map_chapters -1 \
      -metadata:s:v handler_name=Video -metadata:s:a handler_name=Sound \
      -movflags +faststart -f mp4 "$target"
  done
  mv "$work/$id.mp4" "$output/$id.mp4"
  printf '%s\t%s bytes\n' "$id.mp4" "$(wc -c <"$output/$id.mp4" | tr -d ' ')"
done
