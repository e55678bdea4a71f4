#!/usr/bin/env bash
# Installs duo-new under a prefix, or removes what an earlier install wrote.
#
#   scripts/install.sh [--prefix DIR]                 build a release binary and install it
#   scripts/install.sh [--prefix DIR] --binary FILE   install FILE instead of building one
#   scripts/install.sh [--prefix DIR] --uninstall     remove exactly what the install wrote
#
# The prefix defaults to /usr/local. An install writes:
#   DIR/bin/duo-new                                   the tool
#   DIR/share/duo-new/Templates/                      the bundled recipes, layers included
#   DIR/share/man/man1/duo-new.1                      the man page
#   DIR/share/bash-completion/completions/duo-new     completions for bash,
#   DIR/share/zsh/site-functions/_duo-new             zsh
#   DIR/share/fish/vendor_completions.d/duo-new.fish  and fish
#   DIR/share/duo-new/install-manifest.txt            every file and folder above, for --uninstall
# The installed duo-new finds its recipes relative to its own path, so the checkout can be moved
# or deleted afterwards. Installing again over an earlier install replaces it.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/usr/local
binary=""
uninstall=false

usage() {
  echo "usage: scripts/install.sh [--prefix DIR] [--binary FILE] [--uninstall]" >&2
  exit 64
}

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] && [ -n "$2" ] || usage; prefix="$2"; shift 2 ;;
    --prefix=?*) prefix="${1#--prefix=}"; shift ;;
    --binary) [ $# -ge 2 ] && [ -n "$2" ] || usage; binary="$2"; shift 2 ;;
    --binary=?*) binary="${1#--binary=}"; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage ;;
  esac
done

mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
manifest="$prefix/share/duo-new/install-manifest.txt"

# Removes the files an install's manifest lists, then the folders it created once they are empty
# (deepest first), then the manifest. Anything else found in those folders is left alone.
remove_installed() {
  local listed kind path
  listed="$(cat "$manifest")"
  while IFS=' ' read -r kind path; do
    if [ "$kind" = file ]; then rm -f "$prefix/$path"; fi
  done <<< "$listed"
  rm -f "$manifest"
  while IFS=' ' read -r kind path; do
    if [ "$kind" = dir ]; then echo "$path"; fi
  done <<< "$listed" | LC_ALL=C sort -r | while read -r path; do
    rmdir "$prefix/$path" 2>/dev/null || true
  done
}

if $uninstall; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: no duo-new install in '$prefix' (no $manifest)" >&2
    exit 66
  fi
  remove_installed
  echo "removed duo-new from $prefix"
  exit 0
fi

if [ -z "$binary" ]; then
  # On Linux the Swift runtime and Foundation are linked in, so the binary runs without a toolchain.
  build=(swift build -c release --product duo-new --package-path "$root")
  [ "$(uname -s)" = Linux ] && build+=(--static-swift-stdlib)
  echo "building duo-new (release)..." >&2
  "${build[@]}" >&2
  binary="$("${build[@]}" --show-bin-path)/duo-new"
fi
[ -x "$binary" ] || { echo "install.sh: no duo-new binary at '$binary'" >&2; exit 66; }

# An earlier install is removed first, so nothing it wrote and this one does not is left behind.
if [ -f "$manifest" ]; then remove_installed; fi

# Every file and folder written is noted as it is written; the notes become the manifest even
# when the install stops halfway, so --uninstall can always take back what was written.
staged="$(mktemp)"
trap 'if [ -d "$prefix/share/duo-new" ]; then mv "$staged" "$manifest"; else rm -f "$staged"; fi' EXIT

# Creates a folder and every missing parent below the prefix, noting each one it created.
make_dir() {
  local relative="$1" partial=""
  local IFS=/
  for part in $relative; do
    partial="${partial:+$partial/}$part"
    if [ ! -d "$prefix/$partial" ]; then
      mkdir "$prefix/$partial"
      echo "dir $partial" >> "$staged"
    fi
  done
}

# Installs one file (mode $3) at a path relative to the prefix.
put() {
  make_dir "$(dirname "$2")"
  install -m "$3" "$1" "$prefix/$2"
  echo "file $2" >> "$staged"
}

make_dir share/duo-new/Templates
put "$binary" bin/duo-new 755

(cd "$root/Templates" && find . -mindepth 1 ! -name .DS_Store | LC_ALL=C sort) | while read -r entry; do
  entry="${entry#./}"
  if [ -d "$root/Templates/$entry" ] && [ ! -L "$root/Templates/$entry" ]; then
    make_dir "share/duo-new/Templates/$entry"
  else
    cp -P -p "$root/Templates/$entry" "$prefix/share/duo-new/Templates/$entry"
    echo "file share/duo-new/Templates/$entry" >> "$staged"
  fi
done

if [ -f "$root/docs/duo-new.1" ]; then
  put "$root/docs/duo-new.1" share/man/man1/duo-new.1 644
fi

if "$prefix/bin/duo-new" completions bash >/dev/null 2>&1; then
  for shell in bash zsh fish; do
    case "$shell" in
      bash) target=share/bash-completion/completions/duo-new ;;
      zsh) target=share/zsh/site-functions/_duo-new ;;
      fish) target=share/fish/vendor_completions.d/duo-new.fish ;;
    esac
    script="$(mktemp)"
    "$prefix/bin/duo-new" completions "$shell" > "$script"
    put "$script" "$target" 644
    rm -f "$script"
  done
fi

mv "$staged" "$manifest"
trap - EXIT
chmod 644 "$manifest"
echo "installed duo-new in $prefix ($(grep -c '^file ' "$manifest") files); remove with: scripts/install.sh --prefix $(printf '%q' "$prefix") --uninstall"
