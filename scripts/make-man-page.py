#!/usr/bin/env python3
"""Writes docs/duo-new.1, the man page, from duo-new's own help, so the two never disagree.

    scripts/make-man-page.py [DUO_NEW]           rewrite docs/duo-new.1
    scripts/make-man-page.py --check [DUO_NEW]   exit 1 if docs/duo-new.1 differs from the help

DUO_NEW is the binary whose help is read (default: .build/debug/duo-new). The page holds the
main help's sections in order (OVERVIEW becomes NAME and DESCRIPTION, USAGE becomes SYNOPSIS),
then each command's own help under COMMAND DETAILS (the commands the help's COMMANDS section names), then FILES (where an install puts things)
and SEE ALSO.

The page is plain ASCII, so that man renders it the same under any locale (LANG=C included):
the few non-ASCII characters the help uses are written as roff escapes or ASCII, and any other
one stops the script with the help line that holds it.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "duo-new.1"
# Commands that get no section of their own under COMMAND DETAILS: generation's help is the
# page itself, and help's is one line.
NO_DETAILS = {"generate", "help"}


# Non-ASCII characters the help may use, as roff writes them in plain ASCII input.
ASCII_FOR = {
    "\u2026": "...",
    "\u2014": "\\(em",
    "\u2013": "\\(en",
    "\u2018": "\\(oq",
    "\u2019": "\\(cq",
    "\u201c": "\\(lq",
    "\u201d": "\\(rq",
    "\u2192": "\\(->",
    "\u00a0": "\\~",
}


def roff(text):
    """Escapes text for roff: backslashes, dashes so options stay dashes, non-ASCII characters."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(ASCII_FOR.get(character, character) for character in text)
    stray = sorted({character for character in text if ord(character) > 0x7E})
    if stray:
        names = ", ".join(f"U+{ord(character):04X}" for character in stray)
        raise SystemExit(f"make-man-page.py: the help line '{text}' holds {names}; add a roff spelling to ASCII_FOR")
    return "\\&" + text if text.startswith((".", "'")) else text


def sections(help_text):
    """Splits help into (title, first-line text, body lines), and the closing paragraph: the
    unindented lines after the last section's last blank line ("See ..."), which belong to no
    section."""
    result, title = [], None
    for line in help_text.rstrip("\n").split("\n"):
        match = re.match(r"^([A-Z][A-Z ]+):(?: (.*))?$", line)
        if match:
            title = match.group(1)
            result.append((title, match.group(2) or "", []))
        elif title is not None:
            result[-1][2].append(line)
    closing = []
    if result and "" in result[-1][2]:
        body = result[-1][2]
        last_blank = len(body) - 1 - body[::-1].index("")
        tail = body[last_blank + 1:]
        if tail and not any(line.startswith(" ") for line in tail):
            closing = tail
            del body[last_blank:]
    return result, closing


def items(lines):
    """'  term   description' entries, continuation lines folded into the description."""
    entries = []
    for line in lines:
        if not line.strip():
            continue
        match = re.match(r"^  (\S(?:.*?\S)??)(?: {2,}(\S.*))?$", line)
        if match and not line.startswith("     "):
            entries.append([match.group(1), match.group(2) or ""])
        elif entries:
            entries[-1][1] = (entries[-1][1] + " " + line.strip()).strip()
        else:
            entries.append(["", line.strip()])
    return entries


def kept_block(lines):
    """Lines kept as typed (`bash    'source <(duo-new completions bash)' in ~/.bashrc`), indented
    under the text when they fit 80 columns there; else at the text's edge, each broken at a
    space outside quotes to 73 columns, further lines under its own text."""
    if all(len(line) <= USAGE_WIDTH - 7 for line in lines):
        return ".RS\n.nf\n" + "\n".join(roff(line) for line in lines) + "\n.fi\n.RE"
    width = USAGE_WIDTH + 1
    broken = []
    for line in lines:
        gap = re.search(r"\S  +", line)
        head = line[:gap.end()] if gap else ""
        hanging = " " * len(head)
        current = head
        for word in re.findall(r"'[^']*'[,.;:]?|\S+", line[len(head):]):
            if current.strip() and len(current) + (0 if current == head else 1) + len(word) > width:
                broken.append(current.rstrip())
                # A word too wide even under the text starts at the edge: a command is never cut.
                current = (hanging if len(hanging) + len(word) <= width else "") + word
            else:
                current += ("" if current in (head, hanging, "") else " ") + word
        broken.append(current)
    return ".nf\n" + "\n".join(roff(line) for line in broken) + "\n.fi"


def paragraphs(lines):
    """Blank-line separated paragraphs as roff: filled text, or an indented block kept as typed."""
    block, out = [], []
    for line in lines + [""]:
        if line.strip():
            block.append(line)
        elif block:
            if all(line.startswith("  ") for line in block):
                out.append(kept_block([line.strip() for line in block]))
            else:
                out.append(roff(" ".join(line.strip() for line in block)))
            block = []
    return out


# The columns a usage line may take in a no-fill block: man lays a page out in 80 columns and
# indents a section's text by 7.
USAGE_WIDTH = 72


def usage_lines(line):
    """A usage line broken between its items to USAGE_WIDTH, further lines indented under the
    command: a bracketed option stays whole with its value ([--check-timeout SECONDS])."""
    words = re.findall(r"\[[^\]]*\](?:\.\.\.)?|\S+", line)
    indent = " " * (len(" ".join(words[:2])) + 1 if len(words) > 1 else 4)
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > USAGE_WIDTH:
            lines.append(current)
            current = indent + word
        else:
            current = f"{current} {word}" if current else word
    return lines + [current]


def render_section(title, first, body, out, heading=".SH"):
    if title == "USAGE":
        usage = [first] + [line.strip() for line in body if line.strip()]
        out.append(f"{heading} SYNOPSIS" if heading == ".SH" else ".PP\nUsage:")
        out.append(".nf")
        for line in usage:
            out += [roff(part) for part in usage_lines(line)]
        out.append(".fi")
        return
    out.append(f"{heading} {title}")
    entries = items(body)
    if any(term for term, _ in entries):
        for term, description in entries:
            if term:
                out.append(".TP")
                out.append(f"\\fB{roff(term)}\\fR")
                out.append(roff(description))
            else:
                out.append(".PP")
                out.append(roff(description))
    else:
        for paragraph in paragraphs(body):
            out.append(".PP")
            out.append(paragraph)


# A few whole command lines, each with what it does: the first things a new user types.
EXAMPLES = [
    ("duo-new list", "List the recipes, with their versions and what each makes."),
    ("duo-new help recipe-camera-studio", "Show what a recipe asks for: its values, their defaults, its checks."),
    ("duo-new recipe-camera-studio Sitter com.example.sitter ./Sitter",
     "Generate the camera studio as the app Sitter into ./Sitter, then run its checks."),
    ("duo-new recipe-camera-studio", "Ask for the AppName, the bundle id, the folder and each value, on a terminal."),
    ("duo-new example-hello Hello -y --no-test", "Take every proposal (the bundle id, ./Hello, the defaults) and skip the checks."),
    ("git clone https://github.com/you/sitter.git && duo-new recipe-camera-studio Sitter com.example.sitter sitter",
     "Generate into a fresh clone (a folder holding only .git)."),
    ("duo-new check ./Sitter", "Run the project's checks again."),
    ("duo-new update ./Sitter --dry-run", "Show what bringing the project to the recipe's current version would change."),
]

# Where scripts/install.sh --prefix PREFIX puts what the page talks about (default /usr/local).
FILES = [
    ".SH FILES",
    ".TP",
    "<prefix>/bin/duo\\-new",
    "The tool. It finds the bundled recipes relative to its own path.",
    ".TP",
    "<prefix>/share/duo\\-new/Templates/",
    "The bundled recipes and the layers they share.",
    ".TP",
    "<prefix>/share/doc/duo\\-new/",
    "The documentation this page and the help refer to: "
    + ", ".join(sorted(page.name for page in (ROOT / "docs").glob("*.md")))
    + ", and the manifests' JSON Schemas.",
    ".TP",
    "<prefix>/share/duo\\-new/install\\-manifest.txt",
    "Every file and folder the install wrote, which scripts/install.sh \\-\\-uninstall removes.",
    ".TP",
    "$XDG_CONFIG_HOME/duo\\-new/config.yaml (else ~/.config/duo\\-new/config.yaml)",
    "Your defaults; see duo\\-new config.",
    ".TP",
    "$XDG_CACHE_HOME/duo\\-new/ (else ~/.cache/duo\\-new/)",
    "Clones of recipes from git, and the model tests' compiled programs.",
    ".PP",
    "<prefix> is the folder given to scripts/install.sh \\-\\-prefix, /usr/local by default.",
]


def page(binary):
    # The help unwrapped (as wide as it is written): roff fills the page to the reader's width.
    environment = {**os.environ, "COLUMNS": "1000"}

    def help_of(*arguments):
        return subprocess.run([binary, *arguments, "--help"], check=True, capture_output=True, text=True, env=environment).stdout

    # `--version` prints "duo-new 0.1.0": the page wants the version alone.
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip().removeprefix("duo-new ")
    # The main help's closing paragraph points at the docs, which FILES and SEE ALSO name.
    main, _ = sections(help_of())
    out = [
        f'.\\" Made by scripts/make-man-page.py from duo-new {version}\'s help; edit the help, not this file.',
        f'.TH DUO\\-NEW 1 "" "duo\\-new {roff(version)}" "User Commands"',
        # No hyphenation and a ragged right edge: the page is full of paths and options, which a
        # hyphen would misquote and justification would space out.
        ".nh",
        ".ad l",
    ]
    # NAME, SYNOPSIS, DESCRIPTION come first, as in every man page; then the help's other sections.
    main.sort(key=lambda section: {"OVERVIEW": 0, "USAGE": 1}.get(section[0], 2))
    overview = next((body for title, _, body in main if title == "OVERVIEW"), [])
    for title, first, body in main:
        if title == "OVERVIEW":
            out += [".SH NAME", f"duo\\-new \\- {roff(first.rstrip('.')[0].lower() + first.rstrip('.')[1:])}"]
        elif title == "USAGE":
            render_section(title, first, body, out)
            out.append(".SH DESCRIPTION")
            for paragraph in paragraphs(overview):
                out += [".PP", paragraph]
        else:
            render_section(title, first, body, out)
    out.append(".SH COMMAND DETAILS")
    # The commands are the help's COMMANDS entries, which duo-new renders from its command table.
    listed = next((body for title, _, body in main if title == "COMMANDS"), [])
    commands = [term.split(" ")[0] for term, _ in items(listed) if term]
    for command in (name for name in commands if name not in NO_DETAILS):
        out.append(f".SS duo\\-new {command}")
        details, closing = sections(help_of(command))
        for title, first, body in details:
            if title == "OVERVIEW":
                out += [".PP", roff(first)]
                for paragraph in paragraphs(body):
                    out += [".PP", paragraph]
            elif title == "USAGE":
                out += [".PP", ".nf"] + [roff(part) for part in usage_lines(first)] + [".fi"]
            else:
                out += [".PP", f"\\fB{title}\\fR"]
                for term, description in items(body):
                    out += [".TP", f"\\fB{roff(term)}\\fR", roff(description)]
        if closing:
            out += [".PP", roff(" ".join(line.strip() for line in closing))]
    out.append(".SH EXAMPLES")
    for command, what in EXAMPLES:
        out += [".TP", f"\\fB{roff(command)}\\fR", roff(what)]
    out += FILES
    out += [
        ".SH SEE ALSO",
        "cli.md (every command, option and output), updating.md (update and check), manifest.md",
        "(every template.yaml and layer.yaml key) and authoring.md (writing a recipe, every lint rule),",
        "in <prefix>/share/doc/duo\\-new/ once installed, and in docs/ in duo\\-new's sources.",
    ]
    return "\n".join(line for line in out if line is not None) + "\n"


def main():
    arguments = sys.argv[1:]
    check = "--check" in arguments
    arguments = [a for a in arguments if a != "--check"]
    binary = arguments[0] if arguments else str(ROOT / ".build" / "debug" / "duo-new")
    text = page(binary)
    if check:
        current = PAGE.read_text() if PAGE.exists() else ""
        if current != text:
            print(f"{PAGE.relative_to(ROOT)} differs from duo-new's help; run scripts/make-man-page.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
