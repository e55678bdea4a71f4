import Foundation
import Testing
import TestSupport

/// `scripts/install.sh`: an installed duo-new works on its own once the checkout is gone,
/// `--uninstall` removes exactly what the install wrote (the prefix too, when the install made
/// it), an uninstall of nothing creates nothing, the binary is stripped, and the lines for PATH
/// and for each shell's completions are printed when needed, and work.
@Suite("Install")
struct InstallTests {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = package.appendingPathComponent("scripts/install.sh")

    /// Runs the installer with `arguments`, in `folder`, with a PATH and a home of the test's.
    static func install(_ arguments: [String], in folder: URL, path: String = "/usr/local/bin:/usr/bin:/bin", home: URL) throws -> ChildProcess {
        try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [script.path] + arguments, in: folder,
            environment: [
                "PATH": path, "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
                "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "XDG_DATA_DIRS": "/usr/share",
                "BASH_COMPLETION_USER_DIR": home.appendingPathComponent(".local/share/bash-completion").path,
            ]
        )
    }

    /// The printed line that starts, after its label, with `command`; `nil` when there is none.
    static func printedLine(_ output: String, startingWith command: String) -> String? {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "  " + command) else { return nil }
            return String(line[line.index(range.lowerBound, offsetBy: 2)...])
        }.first
    }

    /// The ELF section names of `file` (Linux's `readelf`).
    static func sections(of file: URL) throws -> [String] {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["readelf", "-S", "-W", file.path])
        #expect(run.status == 0, "readelf (binutils): \(run.transcript)")
        return run.outputText.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix(".") }.map(String.init)
        }
    }

    /// The parts of the checkout an install reads: the script, the recipes, the docs, the sources.
    static let checkoutParts = ["Package.swift", "Sources", "Templates", "docs", "scripts"]

    @Test func installedToolWorksAfterTheCheckoutIsDeletedAndUninstallLeavesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let binary = try #require(EndToEndHarness.binary, "the duo-new binary was not built next to the tests")
        let copy = harness.url("checkout")
        let prefix = harness.url("prefix")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for part in Self.checkoutParts {
            try FileManager.default.copyItem(at: Self.package.appendingPathComponent(part), to: copy.appendingPathComponent(part))
        }
        // The test's debug binary stands in for the release build, which .ci/run makes and installs.
        let install = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [copy.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path, "--binary", binary.path],
            mergingErrors: true
        )
        #expect(install.status == 0, "\(install.transcript)")
        try FileManager.default.removeItem(at: copy)

        let installed = prefix.appendingPathComponent("bin/duo-new")
        let share = prefix.appendingPathComponent("share/duo-new/Templates").path
        let list = try harness.run(["list", "--json"], executable: installed)
        #expect(list.status == 0, "\(list.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        #expect(listing["templates"] as? String == share, "the installed tool reads its own recipes")
        let names = (listing["recipes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("example-hello") && names.contains("recipe-camera-studio"))
        #expect((listing["layers"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "duo-app" })

        let generate = try harness.run(["example-hello", "Hello", "com.example.hello", "./Hello", "--json"], executable: installed)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("\"status\" : \"passed\""), "the example's check ran and passed")
        #expect(FileManager.default.fileExists(atPath: harness.url("Hello/Hello/main.swift").path))

        let lint = try harness.run(["lint", "\(share)/example-hello", "\(share)/recipe-camera-studio"], executable: installed)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")

        let manifest = try String(contentsOf: prefix.appendingPathComponent("share/duo-new/install-manifest.txt"), encoding: .utf8)
        for path in ["bin/duo-new", "share/man/man1/duo-new.1", "share/bash-completion/completions/duo-new",
                     "share/zsh/site-functions/_duo-new", "share/fish/vendor_completions.d/duo-new.fish",
                     "share/duo-new/Templates/example-hello/template.yaml", "share/doc/duo-new/cli.md",
                     "share/doc/duo-new/updating.md", "share/doc/duo-new/template.schema.json"] {
            #expect(manifest.contains("file \(path)\n"), "the install wrote \(path)")
        }

        // Something of the user's in a shared folder survives the uninstall.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
        let own = prefix.appendingPathComponent("share/man/man1/other.1")
        try Data("keep".utf8).write(to: own)
        let uninstall = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [Self.package.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path, "--uninstall"],
            mergingErrors: true
        )
        #expect(uninstall.status == 0, "\(uninstall.transcript)")
        #expect(harness.tree("prefix") == ["share", "share/man", "share/man/man1", "share/man/man1/other.1"])
        try FileManager.default.removeItem(at: own)
        let again = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [Self.package.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path, "--uninstall"],
            mergingErrors: true
        )
        #expect(again.status == 66, "a second uninstall finds nothing to remove: \(again.transcript)")
    }

    /// Into a prefix whose parents do not exist, with a PATH lacking it: the PATH line and a
    /// completion line for each shell, each of which works; a stripped binary; then --uninstall
    /// removes the prefix and the parents the install made.
    @Test func installOffPATHPrintsWorkingLinesAndUninstallRemovesThePrefixItMade() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let binary = try #require(EndToEndHarness.binary)
        let home = harness.url("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let prefix = harness.url("made/for/prefix")
        let install = try Self.install(["--prefix", "made/for/prefix", "--binary", binary.path], in: harness.folder, home: home)
        #expect(install.status == 0, "\(install.transcript)")
        let said = install.outputText

        let pathLine = try #require(Self.printedLine(said, startingWith: "export PATH="), "no PATH line in:\n\(said)")
        #expect(pathLine == "export PATH=\(prefix.path)/bin:\"$PATH\"")
        #expect(said.contains("\(prefix.path)/bin is not on your PATH"))
        #expect(Self.printedLine(said, startingWith: "fish_add_path ") == "fish_add_path \(prefix.path)/bin")
        let found = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", "\(pathLine); command -v duo-new"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(found.outputText == "\(prefix.path)/bin/duo-new\n", "the PATH line finds duo-new: \(found.transcript)")

        let bashLine = try #require(Self.printedLine(said, startingWith: "source "), "no bash completion line in:\n\(said)")
        let bash = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", "\(bashLine); complete -p duo-new"])
        #expect(bash.outputText.hasPrefix("complete -F"), "bash: \(bash.transcript)")
        let zshLine = try #require(Self.printedLine(said, startingWith: "fpath=("), "no zsh completion line in:\n\(said)")
        let zsh = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["zsh", "-fc", "\(zshLine); autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[duo-new]}"],
            environment: ["HOME": home.path]
        )
        #expect(zsh.outputText == "_duo-new\n", "zsh: \(zsh.transcript)")
        let fishLine = try #require(Self.printedLine(said, startingWith: "set -p fish_complete_path "), "no fish completion line in:\n\(said)")
        let fish = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["fish", "--no-config", "-c", "\(fishLine); set PATH \(prefix.path)/bin $PATH; complete -C 'duo-new li'"],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path]
        )
        #expect(fish.outputText.contains("list\t") && fish.outputText.contains("lint\t"), "fish: \(fish.transcript)")

        // Stripped: no symbol table, no debug info, smaller than what it was made from.
        let installed = prefix.appendingPathComponent("bin/duo-new")
        #if os(Linux)
        #expect(try Self.sections(of: binary).contains(".symtab"), "the test's own binary has its symbols, so the check below can fail")
        let kept = try Self.sections(of: installed)
        #expect(!kept.contains(".symtab") && !kept.contains { $0.hasPrefix(".debug") }, "\(kept)")
        #endif
        let size = { (file: URL) in (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0 }
        #expect(size(installed) < size(binary), "stripped \(size(installed)) bytes, from \(size(binary))")
        let version = try harness.run(["--version"], executable: installed)
        #expect(version.status == 0 && !version.stdout.isEmpty, "the stripped tool runs: \(version.stderr)")
        let manual = prefix.appendingPathComponent("share/doc/duo-new/cli.md")
        #expect(FileManager.default.fileExists(atPath: manual.path), "the docs the help names are installed")

        let uninstall = try Self.install(["--prefix", prefix.path, "--uninstall"], in: harness.folder, home: home)
        #expect(uninstall.status == 0, "\(uninstall.transcript)")
        #expect(!harness.tree().contains { !$0.hasPrefix("home") }, "the prefix and the two folders made for it are gone: \(harness.tree())")
    }

    /// A prefix already on PATH, under a home whose bash and fish read completions from it
    /// (~/.local): no PATH line, no bash or fish line; zsh reads no such folder by default.
    @Test func installOnPATHUnderHomeLocalPrintsOnlyWhatIsNeeded() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let binary = try #require(EndToEndHarness.binary)
        let home = harness.url("home")
        let prefix = home.appendingPathComponent(".local")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let install = try Self.install(
            ["--prefix", prefix.path, "--binary", binary.path], in: harness.folder,
            path: "\(prefix.path)/bin/:/usr/bin:/bin", home: home
        )
        #expect(install.status == 0, "\(install.transcript)")
        let said = install.outputText
        #expect(!said.contains("not on your PATH") && Self.printedLine(said, startingWith: "export PATH=") == nil, "\(said)")
        #expect(Self.printedLine(said, startingWith: "source ") == nil, "bash-completion reads ~/.local/share/bash-completion: \(said)")
        #expect(Self.printedLine(said, startingWith: "set -p fish_complete_path ") == nil, "fish reads ~/.local/share/fish/vendor_completions.d: \(said)")
        #expect(Self.printedLine(said, startingWith: "fpath=(") == "fpath=(\(prefix.path)/share/zsh/site-functions $fpath)", "\(said)")
        let uninstall = try Self.install(["--prefix", prefix.path, "--uninstall"], in: harness.folder, home: home)
        #expect(uninstall.status == 0, "\(uninstall.transcript)")
        #expect(FileManager.default.fileExists(atPath: prefix.path), "a prefix that was there before stays")
    }

    /// --uninstall of a prefix that does not exist, or holds no install, is refused with 66 and
    /// creates nothing; a file given as the prefix is refused with 73, install or uninstall.
    @Test func uninstallOfNothingIsRefusedAndCreatesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let missing = try Self.install(["--prefix", "no/such/prefix", "--uninstall"], in: harness.folder, home: harness.folder)
        #expect(missing.status == 66)
        #expect(missing.errorText == "install.sh: no duo-new install in '\(harness.folder.path)/no/such/prefix' (the folder does not exist); nothing was removed\n")
        #expect(harness.tree().isEmpty, "nothing was created: \(harness.tree())")
        try FileManager.default.createDirectory(at: harness.url("empty"), withIntermediateDirectories: true)
        let empty = try Self.install(["--prefix", harness.url("empty").path, "--uninstall"], in: harness.folder, home: harness.folder)
        #expect(empty.status == 66)
        #expect(empty.errorText.contains("holds no share/duo-new/install-manifest.txt); nothing was removed"), "\(empty.errorText)")
        #expect(harness.tree() == ["empty"])
        try Data("a file".utf8).write(to: harness.url("file"))
        for arguments in [["--uninstall"], ["--binary", "/bin/true"]] {
            let file = try Self.install(["--prefix", "file"] + arguments, in: harness.folder, home: harness.folder)
            #expect(file.status == 73 && file.errorText.contains("'\(harness.folder.path)/file' is not a folder"), "\(file.transcript)")
        }
        #expect(harness.tree() == ["empty", "file"])
    }

    /// A manifest that names a path outside the prefix is refused before anything is removed.
    @Test func uninstallRefusesAManifestReachingOutsideThePrefix() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let victim = harness.url("victim.txt")
        try Data("mine".utf8).write(to: victim)
        let share = harness.url("prefix/share/duo-new")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let listed = harness.url("prefix/bin/duo-new")
        try FileManager.default.createDirectory(at: listed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: listed)
        try "made 0\nfile bin/duo-new\nfile share/../../victim.txt\n".write(to: share.appendingPathComponent("install-manifest.txt"), atomically: false, encoding: .utf8)
        let run = try Self.install(["--prefix", harness.url("prefix").path, "--uninstall"], in: harness.folder, home: harness.folder)
        #expect(run.status == 65)
        #expect(run.errorText.contains("install-manifest.txt:3: 'file share/../../victim.txt' is not a line an install writes; nothing was removed"), "\(run.errorText)")
        #expect(FileManager.default.fileExists(atPath: victim.path) && FileManager.default.fileExists(atPath: listed.path))
    }
}
