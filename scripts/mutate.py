#!/usr/bin/env python3
"""Mutation run: do the tests notice when the code breaks a promise?

Applies each mutation of scripts/mutations.json (a small exact source change) to a scratch copy
of the repository, one at a time, runs the narrowest test that should catch it, and prints a
table and a score per area. A mutation is "caught" when that test fails, "survived" when it
passes. See docs/testing.md.

    scripts/mutate.py --list                      the catalogue, checked against the sources
    scripts/mutate.py [--area AREA] [--only ID]   run (ID may be given more than once)
    scripts/mutate.py --full                      a survivor also faces the whole suite
    scripts/mutate.py --check                     only check every snippet still applies
    scripts/mutate.py --no-baseline               skip running each test once unmutated first

Exit status: 0 when every mutation applied and ran, 1 when a snippet is missing or ambiguous,
or a mutation does not compile (the catalogue needs fixing), 2 on a usage error.

The scratch copy lives in $DUO_NEW_MUTATE_DIR or <tmp>/duo-new-mutate-<user>; it keeps its
.build between mutations and between runs, so after the first build each mutation rebuilds
only what it touched. Only standard-library Python 3.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOGUE = os.path.join(ROOT, "scripts", "mutations.json")
AREAS = ("generator", "lint", "yaml", "write-path", "camera-studio", "media-player")
# The generator's score counts its lint and YAML mutations too; the write path (copier, writer,
# record, tree reader, source search) has its own, as has each recipe.
SCORE_GROUPS = {
    "generator": ("generator", "lint", "yaml"),
    "write-path": ("write-path",),
    "camera-studio": ("camera-studio",),
    "media-player": ("media-player",),
}
KEYS = {"id", "area", "file", "original", "replacement", "breaks", "test", "equivalent", "occurrence"}


class CatalogueError(Exception):
    pass


def load_catalogue(path):
    with open(path, encoding="utf-8") as handle:
        entries = json.load(handle)["mutations"]
    seen = set()
    for entry in entries:
        where = entry.get("id", "<no id>")
        unknown = set(entry) - KEYS
        if unknown:
            raise CatalogueError(f"{where}: unknown keys {sorted(unknown)}")
        for key in ("id", "area", "file", "original", "breaks", "test"):
            if not entry.get(key):
                raise CatalogueError(f"{where}: '{key}' is missing or empty")
        if not isinstance(entry.get("replacement"), str):
            raise CatalogueError(f"{where}: 'replacement' is missing (an empty string deletes the snippet)")
        if entry["id"] in seen:
            raise CatalogueError(f"{where}: the id is used twice")
        seen.add(entry["id"])
        if entry["area"] not in AREAS:
            raise CatalogueError(f"{where}: area '{entry['area']}' is not one of {', '.join(AREAS)}")
        if entry["original"] == entry["replacement"]:
            raise CatalogueError(f"{where}: the replacement is the original")
        test = entry["test"]
        if not (isinstance(test, dict) and len(test) == 1 and ("swift" in test or "model" in test)):
            raise CatalogueError(f"{where}: 'test' is {{\"swift\": FILTER}} or {{\"model\": RECIPE}}")
    return entries


def locate(text, entry):
    """The index where the mutation applies, or an error string: missing or ambiguous snippets
    are reported, never skipped."""
    original = entry["original"]
    count = text.count(original)
    occurrence = entry.get("occurrence")
    if count == 0:
        return None, "snippet not found"
    if occurrence is None:
        if count > 1:
            return None, f"snippet found {count} times; give 'occurrence' (1-based) or a longer snippet"
        return text.index(original), None
    if not 1 <= occurrence <= count:
        return None, f"occurrence {occurrence} asked for, but the snippet is found {count} times"
    index = -1
    for _ in range(occurrence):
        index = text.index(original, index + 1)
    return index, None


def mutated_text(root, entry):
    path = os.path.join(root, entry["file"])
    if not os.path.isfile(path):
        return None, None, "file not found"
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    index, problem = locate(text, entry)
    if problem:
        return text, None, problem
    return text, text[:index] + entry["replacement"] + text[index + len(entry["original"]):], None


# MARK: - The scratch copy

def scratch_folder():
    configured = os.environ.get("DUO_NEW_MUTATE_DIR")
    if configured:
        return os.path.abspath(configured)
    user = os.environ.get("USER") or str(os.getuid())
    tag = hashlib.sha1(ROOT.encode()).hexdigest()[:8]
    return os.path.join(tempfile.gettempdir(), f"duo-new-mutate-{user}-{tag}")


def tracked_files():
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout
    return [name for name in out.decode().split("\0") if name and os.path.lexists(os.path.join(ROOT, name))]


def sync_scratch(scratch):
    """Makes the scratch copy hold exactly the repository's files, touching only those that
    differ, so its .build stays valid and builds stay incremental."""
    wanted = set(tracked_files())
    for name in sorted(wanted):
        source = os.path.join(ROOT, name)
        target = os.path.join(scratch, name)
        if os.path.islink(source):
            if not os.path.islink(target) or os.readlink(target) != os.readlink(source):
                if os.path.lexists(target):
                    os.remove(target)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                os.symlink(os.readlink(source), target)
            continue
        if os.path.isfile(target) and not os.path.islink(target) and same_content(source, target):
            if os.stat(source).st_mode != os.stat(target).st_mode:
                shutil.copymode(source, target)
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.lexists(target):
            os.remove(target)
        shutil.copy2(source, target)
    for folder, folders, files in os.walk(scratch, topdown=True):
        relative = os.path.relpath(folder, scratch)
        if relative == ".":
            folders[:] = [name for name in folders if name not in (".build", ".git")]
        for name in files:
            path = os.path.normpath(os.path.join(relative, name))
            if path not in wanted:
                os.remove(os.path.join(folder, name))
    # Folders emptied above (a fixture renamed in the checkout) would still be listed by tests.
    for folder, folders, files in os.walk(scratch, topdown=False):
        relative = os.path.relpath(folder, scratch)
        if relative.split(os.sep)[0] in (".build", ".git") or relative == ".":
            continue
        if not os.listdir(folder):
            os.rmdir(folder)


def same_content(first, second):
    if os.path.getsize(first) != os.path.getsize(second):
        return False
    with open(first, "rb") as a, open(second, "rb") as b:
        return a.read() == b.read()


# MARK: - Running tests

class Runner:
    def __init__(self, scratch, timeout, log):
        self.scratch = scratch
        self.timeout = timeout
        self.log = log
        self.duo_new = None

    def shell(self, command, cwd, timeout=None):
        """Exit status (None on timeout) and the output's tail."""
        started = time.time()
        try:
            done = subprocess.run(
                command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, timeout=timeout or self.timeout,
            )
            status, output = done.returncode, done.stdout.decode(errors="replace")
        except subprocess.TimeoutExpired as expired:
            status, output = None, (expired.stdout or b"").decode(errors="replace")
        if self.log:
            self.log.write(f"$ {' '.join(command)}  ({time.time() - started:.0f} s, status {status})\n{output[-4000:]}\n")
            self.log.flush()
        return status, output

    def build(self):
        """True when the package and its tests build."""
        status, _ = self.shell(["swift", "build", "--build-tests"], self.scratch)
        return status == 0

    def swift_test(self, test_filter):
        command = ["swift", "test", "--skip-build"]
        if test_filter:
            command += ["--filter", test_filter]
        status, output = self.shell(command, self.scratch)
        return outcome_of(status, output)

    def model_tests(self, recipe):
        """The recipe's model tests (`swift test`, in the package the recipe writes), run on its
        tree unstamped, laid over the trees of the layers its manifest names, as duo-new lays
        them: the package names its module and folders by the token, so no stamping is needed
        and no build of duo-new. Each recipe keeps one project folder beside the scratch copy,
        its .build kept between mutations: the trees are copied with their times, so only the
        mutated file (and what depends on it) compiles again."""
        templates = os.path.join(self.scratch, "Templates")
        project = f"{self.scratch}-model-{recipe}"
        os.makedirs(project, exist_ok=True)
        for name in os.listdir(project):
            if name != ".build":
                path = os.path.join(project, name)
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
        for name in stack_of(templates, recipe):
            shutil.copytree(os.path.join(templates, name, "template"), project, symlinks=True, dirs_exist_ok=True)
        if not os.path.isfile(os.path.join(project, "Package.swift")):
            return "error", f"no Package.swift in {recipe} or its layers"
        status, output = self.shell(["swift", "test"], project)
        if status not in (0, None) and "Test run with" not in output and "error:" in output:
            return "invalid", "the mutated code does not compile"
        return outcome_of(status, output)


def stack_of(templates, name, seen=()):
    """The folders under Templates/ whose trees make up `name`: its layers' stacks, then itself."""
    if name in seen:
        raise CatalogueError(f"the layers of '{name}' form a cycle")
    folder = os.path.join(templates, name)
    manifest = next((os.path.join(folder, f) for f in ("template.yaml", "layer.yaml") if os.path.isfile(os.path.join(folder, f))), None)
    below = []
    for layer in layers_of(manifest) if manifest else []:
        below += [n for n in stack_of(templates, layer, seen + (name,)) if n not in below]
    return below + [name]


def layers_of(manifest):
    """The names in a manifest's `layers:` (flow `[a, b]` or block `- a` form), in order."""
    with open(manifest, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("layers:"):
            continue
        rest = line[len("layers:"):].split("#")[0].strip()
        if rest.startswith("["):
            return [name.strip().strip("'\"") for name in rest.strip("[]").split(",") if name.strip()]
        names = []
        for item in lines[index + 1:]:
            if not item.strip().startswith("- "):
                break
            names.append(item.strip()[2:].split("#")[0].strip().strip("'\""))
        return names
    return []


def outcome_of(status, output):
    if status is None:
        return "caught", "timed out"
    if "Test run with 0 tests" in output:
        return "error", "the filter matches no test"
    if status == 0:
        return "survived", ""
    lines = [line for line in output.splitlines() if line.startswith("✘") or "FAIL" in line or "error:" in line]
    return "caught", (lines[0].strip() if lines else f"exit {status}")[:90]


def run_one(runner, entry, full):
    """(result, detail) for one mutation, applied to the scratch copy and then undone."""
    original_text, text, problem = mutated_text(runner.scratch, entry)
    if problem:
        return "error", problem
    path = os.path.join(runner.scratch, entry["file"])
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    try:
        test = entry["test"]
        if "swift" in test:
            if not runner.build():
                return "invalid", "the mutated package does not compile"
            result, detail = runner.swift_test(test["swift"])
        else:
            result, detail = runner.model_tests(test["model"])
        if result == "survived" and full:
            if not runner.build():
                return "invalid", "the mutated package does not compile"
            result, detail = runner.swift_test(None)
            if result == "caught":
                detail = "only by the whole suite: " + detail
        return result, detail
    finally:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original_text)


# MARK: - Reporting

def table(rows):
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if index == 0:
            print("  ".join("-" * width for width in widths))


def print_scores(results):
    print()
    for group, areas in SCORE_GROUPS.items():
        members = [r for r in results if r["area"] in areas and r["result"] in ("caught", "survived")]
        if not members:
            continue
        caught = sum(1 for r in members if r["result"] == "caught")
        print(f"{group}: {caught} of {len(members)} caught ({100 * caught / len(members):.0f} %)")
        for area in areas:
            part = [r for r in members if r["area"] == area]
            if part and len(areas) > 1:
                print(f"  {area}: {sum(1 for r in part if r['result'] == 'caught')} of {len(part)}")
        for r in members:
            if r["result"] == "survived":
                print(f"  survived: {r['id']} ({r['breaks']})")
    equivalent = [r for r in results if r["result"] == "equivalent"]
    for r in equivalent:
        print(f"equivalent, not run: {r['id']}: {r['equivalent']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the catalogue and check every snippet")
    parser.add_argument("--check", action="store_true", help="only check that every snippet applies")
    parser.add_argument("--area", choices=AREAS, action="append", help="run only this area (repeatable)")
    parser.add_argument("--only", action="append", metavar="ID", help="run only this mutation (repeatable)")
    parser.add_argument("--full", action="store_true", help="run the whole suite when the narrow test passes")
    parser.add_argument("--no-baseline", action="store_true", help="skip running each test once without a mutation first")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds for one test run (default 1800)")
    parser.add_argument("--log", metavar="FILE", help="write every command's output here")
    parser.add_argument("--json", metavar="FILE", help="write the results here as JSON")
    parser.add_argument("--catalogue", default=CATALOGUE, help=argparse.SUPPRESS)
    options = parser.parse_args()

    try:
        entries = load_catalogue(options.catalogue)
    except (OSError, ValueError, KeyError, CatalogueError) as error:
        print(f"mutate: the catalogue is unusable: {error}", file=sys.stderr)
        return 1
    if options.only:
        unknown = sorted(set(options.only) - {e["id"] for e in entries})
        if unknown:
            print(f"mutate: no mutation with the id {', '.join(unknown)}; see --list", file=sys.stderr)
            return 2
        entries = [e for e in entries if e["id"] in options.only]
    if options.area:
        entries = [e for e in entries if e["area"] in options.area]

    if options.list or options.check:
        problems = 0
        rows = [("id", "area", "test", "status", "breaks")]
        for entry in entries:
            _, _, problem = mutated_text(ROOT, entry)
            problems += problem is not None
            status = problem or ("equivalent" if entry.get("equivalent") else "applies")
            test = entry["test"].get("swift") or "model: " + entry["test"]["model"]
            rows.append((entry["id"], entry["area"], test, status, entry["breaks"]))
        if options.list:
            table(rows)
            print(f"\n{len(entries)} mutations; " + ", ".join(f"{a}: {sum(1 for e in entries if e['area'] == a)}" for a in AREAS))
        else:
            for row in rows[1:]:
                if row[3] not in ("applies", "equivalent"):
                    print(f"{row[0]}: {row[3]} in {next(e['file'] for e in entries if e['id'] == row[0])}")
            print(f"{len(entries) - problems} of {len(entries)} mutations apply")
        return 1 if problems else 0

    scratch = scratch_folder()
    os.makedirs(scratch, exist_ok=True)
    print(f"mutate: scratch copy in {scratch}", flush=True)
    sync_scratch(scratch)
    log = open(options.log, "a", encoding="utf-8") if options.log else None
    runner = Runner(scratch, options.timeout, log)
    if any("swift" in e["test"] for e in entries if not e.get("equivalent")) or options.full:
        print("mutate: building the unmutated package (the first build takes a while)", flush=True)
        if not runner.build():
            print("mutate: the unmutated package does not build; nothing was run", file=sys.stderr)
            return 1

    # A test that fails before any mutation would count every mutation it meets as caught.
    failing = set()
    if not options.no_baseline:
        for test in sorted({json.dumps(e["test"], sort_keys=True) for e in entries if not e.get("equivalent")}):
            spec = json.loads(test)
            result, detail = runner.swift_test(spec["swift"]) if "swift" in spec else runner.model_tests(spec["model"])
            if result != "survived":
                print(f"mutate: without any mutation, {spec} already fails ({detail}); its mutations are not run", flush=True)
                failing.add(test)

    results = []
    for number, entry in enumerate(entries, 1):
        started = time.time()
        if entry.get("equivalent"):
            result, detail = "equivalent", entry["equivalent"]
        elif json.dumps(entry["test"], sort_keys=True) in failing:
            result, detail = "error", "its test fails without the mutation"
        else:
            result, detail = run_one(runner, entry, options.full)
        seconds = time.time() - started
        results.append(dict(entry, result=result, detail=detail, seconds=round(seconds)))
        print(f"[{number}/{len(entries)}] {entry['id']}: {result} ({seconds:.0f} s) {detail}", flush=True)

    print()
    rows = [("id", "area", "result", "breaks", "detail")]
    rows += [(r["id"], r["area"], r["result"], r["breaks"], r["detail"]) for r in results]
    table(rows)
    print_scores(results)
    if options.json:
        with open(options.json, "w", encoding="utf-8") as handle:
            json.dump({"results": results}, handle, indent=2, ensure_ascii=False)
    return 1 if any(r["result"] in ("error", "invalid") for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
