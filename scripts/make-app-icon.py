#!/usr/bin/env python3
"""Draws a recipe's app icon: a 1024 x 1024 RGB PNG without alpha.

App Store icons must be opaque, so the PNG uses colour type 2 (RGB, 8 bits per channel)
and never colour type 6. Only the standard library is used (zlib for the IDAT stream), so
the icon can be rebuilt on any machine with Python 3 and comes out byte for byte the same.

Usage: scripts/make-app-icon.py [--recipe camera-studio|media-player] [output.png]
Default recipe: camera-studio (a camera over the fold); media-player draws a play button on a
screen over the fold. Default output: that recipe's AppIcon.appiconset/AppIcon.png.
"""

import math
import struct
import sys
import zlib
from pathlib import Path

SIZE = 1024
def default_output(recipe):
    return (
        Path(__file__).resolve().parent.parent
        / f"Templates/recipe-{recipe}/template/__APP_NAME__/Assets.xcassets"
        / "AppIcon.appiconset/AppIcon.png"
    )

# Colours, RGB.
TOP = (18, 32, 64)          # background gradient, top
BOTTOM = (12, 104, 120)     # background gradient, bottom
FOLD = (255, 255, 255)      # the fold, a faint vertical line through the middle
BODY = (236, 240, 244)      # the camera body
LENS_RING = (40, 48, 60)
LENS_GLASS = (22, 60, 110)
HIGHLIGHT = (200, 225, 255)
SHUTTER = (255, 176, 32)


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def rounded_rect_coverage(x, y, left, top, right, bottom, radius):
    """How much of the pixel at (x, y) lies inside a rounded rectangle, 0 to 1 (soft edge)."""
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    distance = math.hypot(x - cx, y - cy) - radius
    return max(0.0, min(1.0, 0.5 - distance))


def circle_coverage(x, y, cx, cy, radius):
    distance = math.hypot(x - cx, y - cy) - radius
    return max(0.0, min(1.0, 0.5 - distance))


def pixel(x, y):
    px, py = x + 0.5, y + 0.5
    colour = mix(TOP, BOTTOM, py / SIZE)

    # The fold: a soft light band down the middle, as on the open iPhone Duo.
    fold = max(0.0, 1.0 - abs(px - SIZE / 2) / 6.0) * 0.18
    colour = mix(colour, FOLD, fold)

    # Camera body with a shutter button on top.
    colour = mix(colour, SHUTTER, rounded_rect_coverage(px, py, 640, 262, 760, 330, 22))
    colour = mix(colour, BODY, rounded_rect_coverage(px, py, 212, 300, 812, 740, 96))

    # Lens: ring, glass, a highlight.
    centre_x, centre_y = 512, 530
    colour = mix(colour, LENS_RING, circle_coverage(px, py, centre_x, centre_y, 176))
    colour = mix(colour, LENS_GLASS, circle_coverage(px, py, centre_x, centre_y, 132))
    glow = circle_coverage(px, py, centre_x, centre_y, 132) * max(0.0, 1.0 - math.hypot(px - 560, py - 480) / 150)
    colour = mix(colour, HIGHLIGHT, glow * 0.55)
    colour = mix(colour, HIGHLIGHT, circle_coverage(px, py, 464, 478, 30))
    return colour


# The media player's colours, RGB.
PLAYER_TOP = (92, 28, 60)         # background gradient, top
PLAYER_BOTTOM = (232, 92, 58)     # background gradient, bottom
SCREEN = (24, 20, 32)             # the screen the video plays on
PLAY = (255, 244, 236)            # the play button


def triangle_coverage(x, y, corners):
    """How much of the pixel at (x, y) lies inside a triangle given clockwise, 0 to 1 (soft edge)."""
    inside = float("inf")
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        length = math.hypot(bx - ax, by - ay)
        inside = min(inside, ((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / -length)
    return max(0.0, min(1.0, 0.5 + inside))


def player_pixel(x, y):
    px, py = x + 0.5, y + 0.5
    colour = mix(PLAYER_TOP, PLAYER_BOTTOM, py / SIZE)
    fold = max(0.0, 1.0 - abs(px - SIZE / 2) / 6.0) * 0.18
    colour = mix(colour, FOLD, fold)
    # A 16:9 screen, and a play button on it.
    colour = mix(colour, SCREEN, rounded_rect_coverage(px, py, 152, 300, 872, 705, 64))
    colour = mix(colour, PLAY, triangle_coverage(px, py, [(440, 400), (640, 502), (440, 604)]))
    return colour


DESIGNS = {"camera-studio": pixel, "media-player": player_pixel}


def png_chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_png(rows):
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)  # 8-bit RGB, no alpha, no interlace
    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every scanline
    return (
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", header)
        + png_chunk(b"IDAT", zlib.compress(raw, 9))
        + png_chunk(b"IEND", b"")
    )


def main(argv):
    recipe = "camera-studio"
    if argv[:1] == ["--recipe"]:
        if len(argv) < 2 or argv[1] not in DESIGNS:
            print(f"make-app-icon: --recipe needs one of {', '.join(sorted(DESIGNS))}", file=sys.stderr)
            return 64
        recipe, argv = argv[1], argv[2:]
    output = Path(argv[0]) if argv else default_output(recipe)
    draw = DESIGNS[recipe]
    rows = [bytes(channel for x in range(SIZE) for channel in draw(x, y)) for y in range(SIZE)]
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(encode_png(rows))
    print(f"wrote {SIZE}x{SIZE} RGB PNG without alpha: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
