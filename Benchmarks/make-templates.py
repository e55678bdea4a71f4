#!/usr/bin/env python3
"""Makes the benchmark's synthetic recipes, deterministically, in a folder given as argument.

    Benchmarks/make-templates.py OUT [small medium large huge]

Each size becomes a recipe folder `OUT/bench-SIZE/` with a `template.yaml` and a `template/` tree:

    small   ~60 files, ~300 KiB   (about the camera studio's size)
    medium  2,000 files, ~20 MiB
    large   20,000 files, ~200 MiB, three of them 20 MiB binaries
    huge    a 256 MiB text file and a 1 GiB binary (sparse, so quick to make): the memory run

Trees hold tokens in folder names, file names and contents, UTF-8 text beyond ASCII, binaries
matched by the manifest's verbatim glob and binaries found only by their NUL bytes, and
executable scripts. The same arguments always give byte-identical trees, so runs on different
days and machines measure the same work. A recipe that already exists with the same
generator version is left alone; the output is never meant to be committed.
"""

import os
import random
import shutil
import sys

GENERATOR_VERSION = "1"

# Average text line ~60 bytes; one line in eight carries a token, as Swift sources in the
# camera studio do (type names, bundle ids, the team id in the project file).
LINE_SHAPES = [
    "import Foundation",
    "// The {n}th helper keeps the layout decisions out of the views.",
    "nonisolated struct Thing{n}: Sendable, Hashable {{",
    "    var value{n}: Int = {n}",
    "    func measure{n}(_ width: Double) -> Double {{ width * {f} }}",
    "}}",
    "    let title = \"Studio {n} · Caméra ✓\"",
    "        return values.reduce(0, +) / Double(max(values.count, 1))",
    "// __APP_NAME__ module, part {n}.",
    "    static let identifier = \"__BUNDLE_ID__.part{n}\"",
    "let app{n} = __APP_NAME__App.shared  // stamped with the AppName",
    "    DEVELOPMENT_TEAM = __TEAM_ID__; PRODUCT_BUNDLE_IDENTIFIER = __BUNDLE_ID__;",
    "#if canImport(AVFoundation)",
    "#endif",
    "",
]

SCRIPT_HEAD = "#!/bin/sh\n# Builds and tests __APP_NAME__ ({n}).\nset -eu\ncd \"$(dirname \"$0\")/..\"\n"

MANIFEST = """\
name: {name}
summary: Synthetic {size} recipe for the duo-new benchmark.
version: 1.0.0
placeholders:
  APP_NAME:
    from: app-name
  BUNDLE_ID:
    from: bundle-id
  TEAM_ID:
    from: set
    default: ""
    pattern: "^[A-Z0-9]{{10}}$|^$"
verbatim: ["**/*.png"]
next-steps: |
  cd __DESTINATION__
"""

SIZES = {
    # files, average text bytes, count and size of big binaries
    "small": dict(files=60, text_bytes=5 * 1024, big=0, big_bytes=0),
    "medium": dict(files=2000, text_bytes=10 * 1024, big=0, big_bytes=0),
    "large": dict(files=20000, text_bytes=7 * 1024, big=3, big_bytes=20 * 1024 * 1024),
}


class Tree:
    """Writes files below one root, counting what it wrote."""

    def __init__(self, root):
        self.root = root
        self.files = 0
        self.bytes = 0

    def write(self, relative, data, mode=0o644):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, mode)
        self.files += 1
        self.bytes += len(data)


def text(rng, size):
    lines = []
    total = 0
    while total < size:
        line = rng.choice(LINE_SHAPES).format(n=rng.randrange(10000), f=rng.randrange(1, 9))
        lines.append(line)
        total += len(line.encode()) + 1
    return ("\n".join(lines) + "\n").encode()


def binary(rng, size, png=False):
    # Random bytes always hold NULs at this size, so detection calls them binary.
    head = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" if png else b"\x00BIN"
    return head + rng.randbytes(max(size - len(head), 0))


def folder_for(index, files):
    """Spreads files ~50 to a folder, two levels deep, some folder names carrying tokens."""
    group, sub = divmod(index // 50, 20)
    top = "__APP_NAME__" if group % 3 else "__APP_NAME__Tests"
    return os.path.join(top, f"Feature{group:03d}", f"__APP_NAME__Part{sub:02d}" if sub % 4 == 0 else f"Part{sub:02d}")


def make_sized(out, size):
    spec = SIZES[size]
    rng = random.Random(f"duo-new-bench-{size}")
    tree = Tree(os.path.join(out, "template"))
    tree.write("__APP_NAME__.xcodeproj/project.pbxproj", text(rng, 32 * 1024))
    tree.write("Tools/run-model-tests.sh", SCRIPT_HEAD.format(n=0).encode() + text(rng, 2048), 0o755)
    for i in range(spec["big"]):
        tree.write(f"Resources/Media/clip{i}.mov", binary(rng, spec["big_bytes"]))
    remaining = spec["files"] - tree.files
    for i in range(remaining):
        folder = folder_for(i, remaining)
        kind = i % 20
        length = max(64, int(rng.expovariate(1 / spec["text_bytes"])))
        if kind == 0:
            tree.write(os.path.join(folder, f"Icon{i}.png"), binary(rng, length, png=True))
        elif kind in (1, 2):
            tree.write(os.path.join(folder, f"blob{i}.bin"), binary(rng, length))
        elif kind == 3:
            tree.write(os.path.join(folder, f"step{i}.sh"), SCRIPT_HEAD.format(n=i).encode() + text(rng, length), 0o755)
        elif kind % 4 == 0:
            tree.write(os.path.join(folder, f"__APP_NAME__View{i}.swift"), text(rng, length))
        else:
            tree.write(os.path.join(folder, f"Thing{i}.swift"), text(rng, length))
    return tree


def make_huge(out):
    rng = random.Random("duo-new-bench-huge")
    tree = Tree(os.path.join(out, "template"))
    tree.write("Tools/run-model-tests.sh", SCRIPT_HEAD.format(n=0).encode(), 0o755)
    chunk = text(rng, 1024 * 1024)
    path = os.path.join(tree.root, "__APP_NAME__", "Huge.swift")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        for _ in range(256 * 1024 * 1024 // len(chunk) + 1):
            f.write(chunk)
        f.truncate(256 * 1024 * 1024)
        # A cut line is fine, but a cut token would be a stray '__' fragment: end on a newline.
        f.seek(-1, os.SEEK_END)
        f.write(b"\n")
    tree.files += 1
    tree.bytes += 256 * 1024 * 1024
    path = os.path.join(tree.root, "Resources", "disk.img")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.truncate(1024 * 1024 * 1024)
    tree.files += 1
    tree.bytes += 1024 * 1024 * 1024
    return tree


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) >= 2 else 64
    out = sys.argv[1]
    sizes = sys.argv[2:] or ["small", "medium", "large", "huge"]
    for size in sizes:
        if size not in SIZES and size != "huge":
            print(f"make-templates: unknown size '{size}'; choose from small, medium, large, huge", file=sys.stderr)
            return 64
    for size in sizes:
        name = f"bench-{size}"
        recipe = os.path.join(out, name)
        stamp = os.path.join(recipe, ".generator-version")
        if os.path.exists(stamp) and open(stamp).read() == GENERATOR_VERSION:
            continue
        shutil.rmtree(recipe, ignore_errors=True)
        os.makedirs(recipe)
        tree = make_huge(recipe) if size == "huge" else make_sized(recipe, size)
        with open(os.path.join(recipe, "template.yaml"), "w") as f:
            f.write(MANIFEST.format(name=name, size=size))
        with open(stamp, "w") as f:
            f.write(GENERATOR_VERSION)
        print(f"{name}: {tree.files} files, {tree.bytes / 1024 / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
