#!/bin/sh
# Builds the app's portable code (Model/, and the files in Capture/ and App/ that import only
# Foundation or Observation) with the checks in Tools/ModelTests, using the app target's
# settings: Swift 6, default isolation MainActor. Runs on macOS and Linux; needs no simulator.
# The app's code and the checks are compiled as two modules at once, one per core: PortableApp,
# built for testing, and the checks, which import it with @testable (given to the compiler, so
# the check files need no import line).
#
#   Tools/run-model-tests.sh [--no-cache] [--verbose] [--pictures DIR]
#
# Prints a line per group of checks (per check with --verbose), every failed check by name,
# and ends with "N passed, M failed". Exits 0 when all pass, 1 when a check fails or the code
# does not compile, 126 when the checks cannot run here (the Swift compiler is too old, no
# build folder can be made, the app's folder cannot be told), and 127 when there is no
# compiler. duo-new reports 126 and 127 as "could not run", with the last line as the reason.
#
# The app's folder is the one the project names: the AppName in .duo-new.json, else the name
# of the one *.xcodeproj; either must be letters and digits, with a Model/ folder in it and
# its Xcode project beside it.
#
# --pictures DIR (or MODEL_TESTS_PICTURES=DIR) also draws the layout of every pose as SVG into
# DIR, relative to the project's folder.
#
# The compiled test program is cached: ~/Library/Caches/duo-new/model-tests on macOS, and
# $XDG_CACHE_HOME/duo-new/model-tests (~/.cache/duo-new/model-tests) elsewhere. Its key is a
# hash of everything that goes into the program: each compiled file's content and its path (with
# the app folder's name left out, so a second project from the same recipe shares it), the
# compiler's path and --version, and the flags. The sources are copied into this run's folder
# first, and the copies are what is hashed and compiled, so a file edited during a run can
# never leave one program under another's key. A run whose key matches reuses the program,
# and says so; any difference compiles afresh. The cache is used only when its folder and each
# entry belong to you and no one else may write to them; otherwise the run compiles, saying
# why. A cache folder that cannot be written is no error either: the run compiles without it. The app's compiled half is kept too (in parts/), under a key
# of the same things for the app's files alone, so a change to the checks alone compiles only
# the checks. --no-cache, or MODEL_TESTS_CACHE=off, compiles without reading or writing the
# cache. The newest MODEL_TESTS_CACHE_ENTRIES programs (default 16) are kept, at most
# MODEL_TESTS_CACHE_MB megabytes (default 128) of them, and as many of the app's halves.
#
# MODEL_TESTS_SAMPLES=<folder> also leaves a stand-in photo and movie there, with their gallery
# index, for checking with standard tools (djpeg, ffprobe, QuickTime Player).
#
# A group of checks still running after 60 s ends the program, naming the group, with status 1;
# MODEL_TESTS_GROUP_TIMEOUT=<seconds> sets the limit (0 or off: none; anything else exits 64).
set -eu

root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"

# --- Options ------------------------------------------------------------------------------
# --no-cache is ours; everything else goes to the test program.
cache=on
case "${MODEL_TESTS_CACHE:-on}" in
    off | no | 0 | false) cache=off why="MODEL_TESTS_CACHE=${MODEL_TESTS_CACHE}" ;;
esac
count=$#
while [ "$count" -gt 0 ]; do
    argument=$1
    shift
    count=$((count - 1))
    if [ "$argument" = --no-cache ]; then
        cache=off why=--no-cache
    else
        set -- "$@" "$argument"
    fi
done

# --- The compiler -------------------------------------------------------------------------
swiftc=$(command -v swiftc 2>/dev/null || true)
if [ -z "$swiftc" ] && command -v xcrun >/dev/null 2>&1; then
    swiftc=$(xcrun --find swiftc 2>/dev/null || true)
fi
if [ -z "$swiftc" ]; then
    # One line, so whoever ran this (duo-new reports the last line) can say what to install.
    echo "run-model-tests: swiftc not found; install Xcode 26 or later on macOS, or a Swift 6.2 or later toolchain from https://www.swift.org/install/ on Linux, and put swiftc on PATH" >&2
    exit 127
fi
# Everything this run makes goes in one folder, the compiler's temporary files included
# (the Swift driver leaves a folder in TMPDIR even for --version).
if ! build=$(mktemp -d "${TMPDIR:-/tmp}/model-tests-build.XXXXXX" 2>/dev/null); then
    echo "run-model-tests: no build folder could be made in ${TMPDIR:-/tmp}; make it writable, or point TMPDIR at a folder that is" >&2
    exit 126
fi
staged=""
app_job=""
interface_job=""
version_job=""
# What keeps the app's half and the program in the cache, in the background.
keeping=""
# Stops the compiles running in the background (the app's code and its interface), if any.
stop_compiles() {
    for job in $app_job $interface_job; do
        kill "$job" 2>/dev/null || true
        wait "$job" 2>/dev/null || true
    done
    app_job="" interface_job=""
}
# A compile still running in the background when the run ends (interrupted, or a failure
# elsewhere) is stopped before its folder goes.
finish() {
    stop_compiles
    if [ -n "$keeping" ]; then
        kill "$keeping" 2>/dev/null || true
        wait "$keeping" 2>/dev/null || true
    fi
    if [ -n "$version_job" ]; then
        wait "$version_job" 2>/dev/null || true
    fi
    rm -rf "$build"
    if [ -n "$staged" ]; then rm -f "$staged".*; fi
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- The app ------------------------------------------------------------------------------
# The app's folder, from what the project says its app is called, never from whichever folder
# happens to hold a Model/ (a docs/Model/ would do). Both places are files anyone may have
# edited: only a plain name of letters and digits is taken, whose folder has a Model/ and
# whose Xcode project is beside it. The recipe's own tree, run unstamped by duo-new's tests and
# mutation runs, still calls its app folder by the token; duo-new stamps the first pattern below
# into the app's name, so a generated project accepts only names of letters and digits.
is_app_name() {
    case "$1" in
        __APP_NAME__) ;;
        '' | [!A-Za-z]* | *[!A-Za-z0-9]*) return 1 ;;
    esac
    [ -d "$1/Model" ] && [ ! -L "$1" ] && [ -d "$1.xcodeproj" ]
}
app=""
if [ -f .duo-new.json ]; then
    recorded=$(tr -d '\n' <.duo-new.json | sed -n 's/.*"APP_NAME"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
    if is_app_name "$recorded"; then app=$recorded; fi
fi
if [ -z "$app" ]; then
    projects=0
    for project in *.xcodeproj; do
        if [ -d "$project" ]; then
            projects=$((projects + 1))
            named=${project%.xcodeproj}
        fi
    done
    if [ "$projects" -eq 1 ] && is_app_name "$named"; then app=$named; fi
fi
if [ -z "$app" ]; then
    echo "run-model-tests: cannot tell the app's folder in $root: neither .duo-new.json's APP_NAME nor a single NAME.xcodeproj names a folder NAME (letters and digits) with a Model/ folder" >&2
    exit 126
fi

# --- The sources --------------------------------------------------------------------------
# Asked in the background: the app's compile starts (below) while the compiler answers.
TMPDIR=$build "$swiftc" --version >"$build/version" 2>&1 &
version_job=$!

# A file is portable when it has no platform guard and imports only Foundation or Observation;
# the SwiftUI views and the AVFoundation backend are left to Xcode. One grep over every file.
not_portable() {
    grep -El '^[[:space:]]*#if[[:space:]]+canImport' "$@" || true
    grep -EH '^[[:space:]]*(@[A-Za-z]+[[:space:]]+)?import[[:space:]]' "$@" |
        grep -Ev '^[^:]*:[[:space:]]*import[[:space:]]+(Foundation|Observation)[[:space:]]*$' | cut -d: -f1
}

list=$build/sources
: >"$build/candidates"
# Each source is copied into this run's folder, and from here on only the copies are read:
# what is hashed is what is compiled, whatever happens to the project's files meanwhile.
snapshot=$build/src
for file in "$app"/Model/*.swift "$app"/Capture/*.swift "$app"/App/*.swift Tools/ModelTests/*.swift; do
    if [ -f "$file" ] && [ ! -L "$file" ]; then
        mkdir -p "$snapshot/${file%/*}"
        cp "$file" "$snapshot/$file"
        printf '%s\n' "$file" >>"$build/candidates"
    fi
done
cd "$snapshot"
# shellcheck disable=SC2046 # file names come from the tree above and hold no spaces
not_portable $(cat "$build/candidates") >"$build/excluded"
grep -vxF -f "$build/excluded" "$build/candidates" >"$list" || true
files=$(wc -l <"$list" | tr -d ' ')

# --- The flags ----------------------------------------------------------------------------
target=""
link_flags=""
if [ "$(uname -s)" = Darwin ]; then
    # Observation and the Swift concurrency used here need a recent macOS; build for this one.
    target="-target $(uname -m)-apple-macosx$(sw_vers -productVersion | cut -d. -f1-2)"
elif [ -x "$(dirname -- "$swiftc")/ld.lld" ]; then
    # The toolchain's own lld links the program in about two thirds of the time gold takes.
    link_flags="-use-ld=lld"
fi
# The two upcoming features are what SWIFT_APPROACHABLE_CONCURRENCY = YES turns on in Xcode.
# Whole-module mode type-checks every file once (a build per file type-checks much of the
# module again for each).
flags="-swift-version 6 -default-isolation MainActor -Onone -wmo
-enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances $target"
# LLVM checks the code the compiler hands it (the IR verifier, run three times per compile: a
# tenth of LLVM's time here). That finds bugs in the compiler, not in the app, and the object
# code is the same without it; every check of the app's code stays.
flags="$flags -Xfrontend -disable-llvm-verify"
# -enable-testing lets the checks reach the app's internal names, as a unit-test target does.
app_flags="-module-name PortableApp -parse-as-library -enable-testing"
# The checks' code generation runs in two threads, one object file per check file: when the
# app's compile ends first, LLVM's part of the checks (most of it: their async functions are
# split into pieces) gets both cores.
check_flags="-module-name ModelTests -Xfrontend -testable-import-module -Xfrontend PortableApp -num-threads 2"
# Only the checks need PortableApp's interface, and they need nothing else from it: written
# without function bodies, type-checking only the declarations it serializes, it is ready in a
# fraction of the app's compile. The app's own compile checks everything, so an error the
# interface skips still fails the run. (The app has no @inlinable code whose body the checks
# would need.)
interface_flags="-emit-module -Xfrontend -experimental-skip-all-function-bodies -Xfrontend -experimental-lazy-typecheck"
grep -v '^Tools/ModelTests/' "$list" >"$build/app-sources" || true
grep '^Tools/ModelTests/' "$list" >"$build/check-sources" || true
# Where each check file's object goes (in this run's folder; the names hold no quotes).
mkdir "$build/checks"
awk -v folder="$build/checks" 'BEGIN { print "{" } {
    name = $0
    sub(/.*\//, "", name)
    sub(/\.swift$/, "", name)
    printf "%s  \"%s\": {\"object\": \"%s/%s.o\"}", (NR > 1 ? ",\n" : ""), $0, folder, name
} END { print "\n}" }' "$build/check-sources" >"$build/checks.json"
mkdir "$build/modules"
interface=$build/modules/PortableApp.swiftmodule

# --- The cache ----------------------------------------------------------------------------
if command -v sha256sum >/dev/null 2>&1; then
    sha256() { sha256sum "$@" | cut -c 1-64; }
    hashes() { sha256sum "$@"; }
elif command -v shasum >/dev/null 2>&1; then
    sha256() { shasum -a 256 "$@" | cut -c 1-64; }
    hashes() { shasum -a 256 "$@"; }
elif [ "$cache" = on ]; then
    cache=off why="neither sha256sum nor shasum was found"
fi

store=""
if [ "$cache" = on ]; then
    case "${XDG_CACHE_HOME:-}" in
        /*) store=$XDG_CACHE_HOME/duo-new/model-tests ;;
        *)
            if [ -z "${HOME:-}" ]; then
                cache=off why="HOME is not set"
            elif [ "$(uname -s)" = Darwin ]; then
                store=$HOME/Library/Caches/duo-new/model-tests
            else
                store=$HOME/.cache/duo-new/model-tests
            fi
            ;;
    esac
fi
# Whether each path belongs to this user, is no link, and no one else may write to it: a
# program in the cache is run, so an entry someone else could have put or changed is not.
ours() {
    me=$(id -u)
    for path in "$@"; do
        if [ -L "$path" ]; then return 1; fi
        # shellcheck disable=SC2012 # the names are the script's own; ls -n is the portable way to an owner's uid
        ls -ldn -- "$path" 2>/dev/null | awk -v me="$me" '
            $3 == me && substr($1, 6, 1) != "w" && substr($1, 9, 1) != "w" { ok = 1 }
            END { exit !ok }' || return 1
    done
}
if [ "$cache" = on ] && ! (umask 077 && mkdir -p "$store") 2>/dev/null; then
    cache=off why="$store could not be created"
elif [ "$cache" = on ] && { [ ! -w "$store" ] || [ ! -x "$store" ]; }; then
    cache=off why="$store cannot be written"
elif [ "$cache" = on ] && ! ours "$store" "${store%/*}"; then
    cache=off why="$store is not yours alone (another user owns it, or others may write to it); remove it, or make it yours with mode 700"
fi
# The compiler keeps a module cache of its own in the same cache folder (on Linux); where that
# cannot be written, it gets one in this run's folder, so an unusable cache folder never reads
# as code that does not compile.
module_flags=""
if [ "$(uname -s)" != Darwin ]; then
    case "${XDG_CACHE_HOME:-}" in
        /*) modules=$XDG_CACHE_HOME/clang/ModuleCache ;;
        *) modules=${HOME:-/nonexistent}/.cache/clang/ModuleCache ;;
    esac
    if ! mkdir -p "$modules" 2>/dev/null || [ ! -w "$modules" ]; then
        module_flags="-module-cache-path $build/module-cache"
    fi
fi

# A run with the cache off, or with no program in it yet (the first project from a recipe on
# this machine), compiles for sure: it starts the app's compile and its interface in the
# background now, the longest part of a cold run, while the compiler's version is read and the
# cache is looked up. (Should the app's half be in the cache after all, they are stopped.)
# Other runs start them once they know nothing in the cache matches.
start_compiles() {
    # shellcheck disable=SC2046,SC2086 # file names come from the tree above and hold no spaces
    TMPDIR=$build "$swiftc" $flags $module_flags $app_flags $(cat "$build/app-sources") -c -o "$build/app.o" \
        >"$build/app.log" 2>&1 &
    app_job=$!
    # shellcheck disable=SC2046,SC2086
    TMPDIR=$build "$swiftc" $flags $module_flags $app_flags $interface_flags $(cat "$build/app-sources") \
        -emit-module-path "$interface" >"$build/interface.log" 2>&1 &
    interface_job=$!
}
for cached in "$store"/*.program; do
    break
done
if [ "$cache" = off ] || [ ! -f "${cached:-}" ]; then
    start_compiles
fi

wait "$version_job" || true
version_job=""
compiler=$(cat "$build/version")
version=$(printf '%s\n' "$compiler" | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n 1)
major=${version%% *}
minor=${version##* }
if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; then
    echo "run-model-tests: $(printf '%s\n' "$compiler" | head -n 1)" >&2
    echo "run-model-tests: $swiftc is too old; install Swift 6.2 or later (Xcode 26 or later on macOS), which has -default-isolation" >&2
    exit 126
fi

key=""
part_key=""
if [ "$cache" = on ]; then
    # What goes into the program, in the order the compiler gets it. The app folder is named
    # APP here: the sources do not contain the app's name, so Sitter and Sitter2 share a key.
    {
        printf 'compiler: %s\n%s\n' "$swiftc" "$compiler"
        if [ "$(uname -s)" = Darwin ]; then
            echo "SDK $(xcrun --show-sdk-version 2>/dev/null || true)"
        fi
        printf '%s\n' "$flags" "app: $app_flags" "interface: $interface_flags" "link: $link_flags"
    } >"$build/settings"
    # shellcheck disable=SC2046 # file names come from the tree above and hold no spaces
    hashes $(cat "$list") | awk -v app="$app/" '{
        path = $2
        if (index(path, app) == 1) path = "APP/" substr(path, length(app) + 1)
        print $1, path
    }' >"$build/inputs"
    {
        echo "duo-new model tests, cache format 3"
        cat "$build/settings"
        echo "checks: $check_flags"
        cat "$build/inputs"
    } >"$build/key"
    key=$(sha256 <"$build/key")
    # The app's half alone: what goes into PortableApp, none of the checks.
    {
        echo "duo-new model tests, the app's part, cache format 3"
        cat "$build/settings"
        grep -v ' Tools/ModelTests/' "$build/inputs" || true
    } >"$build/part-key"
    part_key=$(sha256 <"$build/part-key")
fi

program=$build/model-tests
entry=$store/$key
reused=no
if [ "$cache" = on ] && [ -f "$entry.program" ] && [ -f "$entry.sha256" ] && ! ours "$entry.program" "$entry.sha256"; then
    echo "run-model-tests: the cached program in $store is not yours alone (another user owns it, or others may write to it); compiling it again"
elif [ "$cache" = on ] && [ -f "$entry.program" ] && [ -f "$entry.sha256" ]; then
    # Run a copy that was checked, not the entry itself, which another run may be replacing.
    if cp "$entry.program" "$program" 2>/dev/null && chmod +x "$program" &&
        [ "$(sha256 "$program")" = "$(cat "$entry.sha256" 2>/dev/null)" ]; then
        reused=yes
        stop_compiles
        touch "$entry.program" "$entry.sha256" 2>/dev/null || true
    else
        rm -f "$program"
        echo "run-model-tests: the cached program in $store does not match its checksum; compiling it again"
    fi
fi

# Without a program, the app's compiled half may still be there: PortableApp's object file and
# interface, kept in parts/ under the key of the app's sources and the flags alone, so a change
# to the checks compiles only the checks. Checked the same way as a program.
parts=$store/parts
part=$parts/$part_key
part_reused=no
if [ "$cache" = on ] && [ "$reused" = no ] && [ -f "$part.o" ] && [ -f "$part.swiftmodule" ] && [ -f "$part.sha256" ] &&
    ! ours "$parts" "$part.o" "$part.swiftmodule" "$part.sha256"; then
    echo "run-model-tests: the app's compiled code in $parts is not yours alone (another user owns it, or others may write to it); compiling it again"
elif [ "$cache" = on ] && [ "$reused" = no ] && [ -f "$part.o" ] && [ -f "$part.swiftmodule" ] && [ -f "$part.sha256" ]; then
    # The compiles started above write the same two files; a half that does not check out is
    # compiled again below.
    stop_compiles
    rm -f "$build/app.o" "$interface"
    if cp "$part.o" "$build/app.o" 2>/dev/null && cp "$part.swiftmodule" "$interface" 2>/dev/null &&
        [ "$(sha256 "$build/app.o" "$interface" | tr '\n' ' ')" = "$(tr '\n' ' ' <"$part.sha256" 2>/dev/null)" ]; then
        part_reused=yes
        touch "$part.o" "$part.swiftmodule" "$part.sha256" 2>/dev/null || true
    else
        rm -f "$build/app.o" "$interface"
        echo "run-model-tests: the app's compiled code in $parts does not match its checksum; compiling it again"
    fi
fi

# Keeps the newest entries of a folder (those whose names end in $2) within the bounds, with
# the files beside each; the one just used always stays.
evict() {
    most=${MODEL_TESTS_CACHE_ENTRIES:-16}
    megabytes=${MODEL_TESTS_CACHE_MB:-128}
    case "$most" in '' | *[!0-9]*) most=16 ;; esac
    case "$megabytes" in '' | *[!0-9]*) megabytes=128 ;; esac
    kept=0
    bytes=0
    for name in $(cd "$1" && ls -t -- *"$2" 2>/dev/null); do
        size=$(wc -c <"$1/$name" | tr -d ' ')
        kept=$((kept + 1))
        bytes=$((bytes + size))
        if [ "$kept" -gt 1 ] && { [ "$kept" -gt "$most" ] || [ "$bytes" -gt $((megabytes * 1048576)) ]; }; then
            rm -f "$1/${name%"$2"}".*
        fi
    done
    # What a run that was killed while storing left behind.
    find "$1" -type f -name '.*' -mmin +60 -exec rm -f {} + 2>/dev/null || true
}

# Keeps the app's compiled half once it compiled, whatever the checks did.
keep_part() {
    umask 077
    if mkdir -p "$parts" 2>/dev/null; then
        staged=$parts/.$part_key.$$
        if cp "$build/app.o" "$staged.o" && cp "$interface" "$staged.swiftmodule" &&
            sha256 "$build/app.o" "$interface" >"$staged.sum" &&
            mv -f "$staged.o" "$part.o" && mv -f "$staged.swiftmodule" "$part.swiftmodule" &&
            mv -f "$staged.sum" "$part.sha256"; then
            evict "$parts" .o
            staged=""
            return
        fi
        rm -f "$staged".*
        staged=""
    fi
    echo "run-model-tests: could not keep the app's compiled code in $parts"
}

# --- Build --------------------------------------------------------------------------------
if [ "$reused" = yes ]; then
    echo "run-model-tests: reusing the program built from $app/ and Tools/ModelTests/ ($files files, each as it was then; cached in $store; --no-cache compiles afresh)"
else
    if [ "$cache" = on ]; then
        note="no cached program matches"
    else
        note="cache off: $why"
    fi
    compiled=yes
    if [ "$part_reused" = yes ]; then
        echo "run-model-tests: compiling $(wc -l <"$build/check-sources" | tr -d ' ') files from Tools/ModelTests/ against $app/'s code, unchanged since it was compiled and kept in $parts ($note)"
        # shellcheck disable=SC2046,SC2086 # file names come from the tree above and hold no spaces
        if ! TMPDIR=$build "$swiftc" $flags $module_flags $check_flags -I "$build/modules" $(cat "$build/check-sources") \
            -c -output-file-map "$build/checks.json"; then
            compiled=no
        fi
    else
        echo "run-model-tests: compiling $files files from $app/ and Tools/ModelTests/ as two modules at once ($note)"
        # The app's code in the background (started above, unless a damaged half stopped it);
        # meanwhile its interface, then the checks against it. Each compile's messages are kept
        # and shown in that order once both are done.
        if [ -z "$app_job" ]; then
            start_compiles
        fi
        # shellcheck disable=SC2046,SC2086 # file names come from the tree above and hold no spaces
        if ! wait "$interface_job"; then
            compiled=no
        elif ! TMPDIR=$build "$swiftc" $flags $module_flags $check_flags -I "$build/modules" $(cat "$build/check-sources") \
            -c -output-file-map "$build/checks.json" >"$build/checks.log" 2>&1; then
            compiled=no
        fi
        interface_job=""
        app_compiled=yes
        if ! wait "$app_job"; then
            compiled=no app_compiled=no
        fi
        app_job=""
        cat "$build/app.log"
        # The interface repeats what the app's compile says; it has its own say only when it alone failed.
        if [ "$app_compiled" = yes ] && [ ! -f "$interface" ]; then
            cat "$build/interface.log"
        fi
        if [ -f "$build/checks.log" ]; then
            cat "$build/checks.log"
        fi
        if [ "$cache" = on ] && [ "$app_compiled" = yes ] && [ -f "$interface" ]; then
            # Kept while the program links, which only reads the same files.
            staged=$parts/.$part_key.$$
            keep_part >"$build/keeping.log" 2>&1 &
            keeping=$!
        fi
    fi
    linked=yes
    # shellcheck disable=SC2086
    if [ "$compiled" = no ] || ! TMPDIR=$build "$swiftc" $target $link_flags "$build/app.o" "$build"/checks/*.o -o "$program"; then
        linked=no
    fi
    if [ -n "$keeping" ]; then
        wait "$keeping" || true
        keeping=""
        cat "$build/keeping.log"
    fi
    if [ "$linked" = no ]; then
        echo "run-model-tests: the model does not compile"
        echo "0 passed, 1 failed"
        exit 1
    fi
    if [ "$cache" = on ]; then
        # A copy is kept while the program runs, written under temporary names and renamed, so
        # a run never sees half a program.
        staged=$store/.$key.$$
        (
            umask 077
            if cp "$program" "$staged.program" && sha256 "$program" >"$staged.sum" &&
                mv -f "$staged.program" "$entry.program" && mv -f "$staged.sum" "$entry.sha256"; then
                evict "$store" .program
            else
                echo "run-model-tests: could not keep the program in $store; the next run compiles again"
            fi
        ) >"$build/keeping.log" 2>&1 &
        keeping=$!
    fi
fi

# --- Run ----------------------------------------------------------------------------------
cd "$root"
status=0
"$program" "$root" "$root/$app" "$@" || status=$?
if [ -n "$keeping" ]; then
    wait "$keeping" || true
    keeping=""
    cat "$build/keeping.log"
fi
exit "$status"
