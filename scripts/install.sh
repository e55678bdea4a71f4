#!/usr/bin/env bash
# Installs duo-new under a prefix, or removes what an earlier install wrote.
#
#   scripts/install.sh [--prefix DIR]                 build a release binary and install it
#   scripts/install.sh [--prefix DIR] --binary FILE   install FILE instead of building one
#   scripts/install.sh [--prefix DIR] --uninstall     remove exactly what the install wrote
#
# The prefix defaults to /usr/local. An install writes:
#   DIR/bin/duo-new                                   the tool, stripped of its symbol tables
#   DIR/share/duo-new/Templates/                      the bundled recipes, layers included
#   DIR/share/doc/duo-new/                            docs/*.md and the manifests' JSON Schemas
#   DIR/share/man/man1/duo-new.1                      the man page
#   DIR/share/bash-completion/completions/duo-new     completions for bash,
#   DIR/share/zsh/site-functions/_duo-new             zsh
#   DIR/share/fish/vendor_completions.d/duo-new.fish  and fish
#   DIR/share/duo-new/install-manifest.txt            every file and folder above, for --uninstall
# It then prints the line to add to your shell's startup file when DIR/bin is not on PATH, and
# for each shell installed here that does not read DIR's completions by default, the line that
# makes it read them. The installed duo-new finds its recipes relative to its own path, so the
# checkout can be moved or deleted afterwards. Installing again over an earlier install replaces
# it. --uninstall removes the folders the install created once they are empty, DIR itself too.
# The release build took 5 min 48 s on a shared 2-core machine (docs/cli.md, "Installing").
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
    -h|--help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage ;;
  esac
done

# The prefix as an absolute path, without creating anything: an uninstall must not make the
# folder it then finds empty.
case "$prefix" in
  /*) ;;
  *) prefix="$PWD/$prefix" ;;
esac
prefix="${prefix%/}"
[ -n "$prefix" ] || prefix=/
if [ -d "$prefix" ]; then
  prefix="$(cd "$prefix" && pwd)"
elif [ -e "$prefix" ] || [ -L "$prefix" ]; then
  echo "install.sh: '$prefix' is not a folder; give --prefix a folder (it is created when missing)" >&2
  exit 73
fi
manifest="$prefix/share/duo-new/install-manifest.txt"

# Reads the manifest of an earlier install, refusing one that does not look like ours: every line
# is 'file PATH', 'dir PATH' or 'made N', with PATH relative to the prefix and free of '..', so a
# damaged or planted manifest cannot make the uninstall delete anything outside the prefix.
read_manifest() {
  local line number=0
  listed="$(cat "$manifest")"
  while IFS= read -r line; do
    number=$((number + 1))
    case "$line" in
      "file "?*|"dir "?*)
        case "/${line#* }/" in
          *"/../"*|*"/./"*|*//*) ;;
          *) continue ;;
        esac ;;
      "made "[0-9]|"made "[0-9][0-9]) continue ;;
    esac
    echo "install.sh: $manifest:$number: '$line' is not a line an install writes; nothing was removed (reinstall over it, or delete the files by hand)" >&2
    exit 65
  done <<< "$listed"
}

# Removes the files the manifest lists, then the folders it created once they are empty (deepest
# first), then the manifest, then the prefix and the parents the install made for it, when empty.
# Anything else found in those folders is left alone, and a listed folder that is now a link is
# not followed.
remove_installed() {
  local kind path made=0 folder real_prefix
  real_prefix="$(cd "$prefix" && pwd -P)"
  while IFS=' ' read -r kind path; do
    [ "$kind" = file ] || continue
    folder="$(dirname "$path")"
    [ "$folder" = . ] || [ "$(cd "$prefix/$folder" 2>/dev/null && pwd -P)" = "$real_prefix/$folder" ] || continue
    if [ -L "$prefix/$path" ] || [ ! -d "$prefix/$path" ]; then rm -f "$prefix/$path"; fi
  done <<< "$listed"
  rm -f "$manifest"
  while IFS=' ' read -r kind path; do
    if [ "$kind" = dir ]; then echo "$path"; fi
  done <<< "$listed" | LC_ALL=C sort -r | while read -r path; do
    [ -L "$prefix/$path" ] || rmdir "$prefix/$path" 2>/dev/null || true
  done
  made="$(sed -n 's/^made //p' <<< "$listed" | tail -n 1)"
  folder="$prefix"
  while [ "${made:-0}" -gt 0 ] && rmdir "$folder" 2>/dev/null; do
    made=$((made - 1))
    folder="$(dirname "$folder")"
  done
}

if $uninstall; then
  if [ ! -f "$manifest" ]; then
    if [ -d "$prefix" ]; then
      echo "install.sh: no duo-new install in '$prefix' (it holds no share/duo-new/install-manifest.txt); nothing was removed" >&2
    else
      echo "install.sh: no duo-new install in '$prefix' (the folder does not exist); nothing was removed" >&2
    fi
    exit 66
  fi
  read_manifest
  remove_installed
  echo "removed duo-new from $prefix"
  exit 0
fi

if [ -z "$binary" ]; then
  # On Linux the Swift runtime and Foundation are linked in, so the binary runs without a toolchain.
  build=(swift build -c release --product duo-new --package-path "$root")
  [ "$(uname -s)" = Linux ] && build+=(--static-swift-stdlib)
  echo "building duo-new (release; 6 minutes or so on 2 cores the first time)..." >&2
  "${build[@]}" >&2
  binary="$("${build[@]}" --show-bin-path)/duo-new"
fi
[ -x "$binary" ] || { echo "install.sh: no duo-new binary at '$binary'" >&2; exit 66; }

# The folders made for the prefix itself, counted from the prefix up, so that --uninstall can
# take them away again once empty.
made=0
missing="$prefix"
while [ ! -e "$missing" ]; do
  made=$((made + 1))
  missing="$(dirname "$missing")"
done
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
manifest="$prefix/share/duo-new/install-manifest.txt"

# An earlier install is removed first, so nothing it wrote and this one does not is left behind;
# the folders it made for the prefix are still this install's to remove.
if [ -f "$manifest" ]; then
  read_manifest
  earlier="$(sed -n 's/^made //p' <<< "$listed" | tail -n 1)"
  remove_installed
  mkdir -p "$prefix"
  [ "${earlier:-0}" -gt "$made" ] && made="$earlier"
fi

# Every file and folder written is noted as it is written; the notes become the manifest even
# when the install stops halfway, so --uninstall can always take back what was written.
staged="$(mktemp)"
echo "made $made" > "$staged"
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
# Symbol tables and debug info are of no use to someone running the tool, and are most of its
# size; the Swift runtime needs neither.
if command -v strip >/dev/null 2>&1; then
  strip "$prefix/bin/duo-new"
else
  echo "install.sh: no 'strip' here (binutils); bin/duo-new keeps its symbols" >&2
fi

(cd "$root/Templates" && find . -mindepth 1 ! -name .DS_Store | LC_ALL=C sort) | while read -r entry; do
  entry="${entry#./}"
  if [ -d "$root/Templates/$entry" ] && [ ! -L "$root/Templates/$entry" ]; then
    make_dir "share/duo-new/Templates/$entry"
  else
    cp -P -p "$root/Templates/$entry" "$prefix/share/duo-new/Templates/$entry"
    echo "file share/duo-new/Templates/$entry" >> "$staged"
  fi
done

# The pages the help and the man page point at, with the schemas they link to.
for page in "$root"/docs/*.md "$root"/docs/*.schema.json; do
  [ -f "$page" ] && put "$page" "share/doc/duo-new/$(basename "$page")" 644
done

if [ -f "$root/docs/duo-new.1" ]; then
  put "$root/docs/duo-new.1" share/man/man1/duo-new.1 644
fi

completions=false
if "$prefix/bin/duo-new" completions bash >/dev/null 2>&1; then
  completions=true
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

# Whether FOLDER is one of the folders in the list on standard input (one a line), compared as
# real paths, so '/usr/local/bin/' or a link to the folder counts.
holds_folder() {
  local wanted entry
  wanted="$(cd "$1" && pwd -P)"
  while IFS= read -r entry; do
    [ -n "$entry" ] && [ -d "$entry" ] && [ "$(cd "$entry" && pwd -P)" = "$wanted" ] && return 0
  done
  return 1
}

quoted_bin="$(printf '%q' "$prefix/bin")"
if ! tr ':' '\n' <<< "${PATH:-}" | holds_folder "$prefix/bin"; then
  echo
  echo "$prefix/bin is not on your PATH, so 'duo-new' alone will not be found. Add it:"
  echo "  bash or zsh (~/.bashrc, ~/.zshrc):   export PATH=$quoted_bin:\"\$PATH\""
  echo "  fish:                                fish_add_path $quoted_bin"
fi

if $completions; then
  lines=()
  # bash-completion 2 loads a command's completion from these folders when Tab is first pressed.
  bash_folders="${BASH_COMPLETION_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/bash-completion}/completions"
  IFS=: read -r -a data_dirs <<< "${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
  for folder in "${data_dirs[@]}"; do bash_folders+=$'\n'"$folder/bash-completion/completions"; done
  if command -v bash >/dev/null 2>&1 && ! holds_folder "$prefix/share/bash-completion/completions" <<< "$bash_folders"; then
    lines+=("  bash (~/.bashrc):                   source $(printf '%q' "$prefix/share/bash-completion/completions/duo-new")")
  fi
  # zsh and fish are asked for the folders they read with no startup file of yours.
  if command -v zsh >/dev/null 2>&1 \
    && ! zsh -fc 'print -rl -- $fpath' 2>/dev/null | holds_folder "$prefix/share/zsh/site-functions"; then
    lines+=("  zsh (~/.zshrc, before compinit):    fpath=($(printf '%q' "$prefix/share/zsh/site-functions") \$fpath)")
  fi
  if command -v fish >/dev/null 2>&1; then
    # fish's own startup (share/config.fish) sets the path; an empty config folder keeps yours out.
    empty_config="$(mktemp -d)"
    fish_folders="$(XDG_CONFIG_HOME="$empty_config" fish -c 'printf "%s\n" $fish_complete_path' 2>/dev/null || true)"
    rm -rf "$empty_config"
  fi
  if command -v fish >/dev/null 2>&1 && ! holds_folder "$prefix/share/fish/vendor_completions.d" <<< "$fish_folders"; then
    lines+=("  fish (~/.config/fish/config.fish):  set -p fish_complete_path $(printf '%q' "$prefix/share/fish/vendor_completions.d")")
  fi
  if [ "${#lines[@]}" -gt 0 ]; then
    echo
    echo "Tab completion: these shells do not read completions from $prefix by default. Add:"
    printf '%s\n' "${lines[@]}"
  fi
fi
