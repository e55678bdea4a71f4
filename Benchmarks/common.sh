# Shared by the benchmark scripts; source it after setting `root` (the package folder).

# Sets DUO_NEW to a release duo-new unless the caller chose one. On Linux the Swift runtime and
# Foundation are linked in (`--static-swift-stdlib`), as a shipped duo-new should be: loading a
# dozen shared libraries costs 4 to 7 ms of every run. `$1` names the calling script in errors.
use_release_duo_new() {
  if [ -z "${DUO_NEW:-}" ]; then
    echo "building duo-new (release)..." >&2
    local build=(swift build -c release)
    [ "$(uname -s)" = Linux ] && build+=(--static-swift-stdlib)
    (cd "$root" && "${build[@]}" >&2)
    DUO_NEW="$(cd "$root" && "${build[@]}" --show-bin-path)/duo-new"
  fi
  [ -x "$DUO_NEW" ] || { echo "$1: no duo-new binary at $DUO_NEW" >&2; exit 66; }
}
