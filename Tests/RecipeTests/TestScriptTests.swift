import Foundation
import Testing
import TestSupport

/// `scripts/test.sh` says what is missing and what each missing thing is for, and how long the
/// run takes, before it installs anything; `--prerequisites` lists everything and installs
/// nothing.
@Suite("scripts/test.sh")
struct TestScriptTests {
    static let script = SchemaValidator.repository.appendingPathComponent("scripts/test.sh")

    /// A folder of links to every program in /usr/bin and /bin except `left` and apt-get, plus an
    /// apt-get that only says it was called and fails, so the script stops before `swift test`.
    static func programsWithout(_ left: Set<String>, in folder: URL) throws -> URL {
        let bin = folder.appendingPathComponent("bin")
        let manager = FileManager.default
        try manager.createDirectory(at: bin, withIntermediateDirectories: true)
        for source in ["/usr/bin", "/bin"] {
            for name in (try? manager.contentsOfDirectory(atPath: source)) ?? [] where !left.contains(name) && name != "apt-get" {
                let link = bin.appendingPathComponent(name)
                if !manager.fileExists(atPath: link.path) {
                    try manager.createSymbolicLink(atPath: link.path, withDestinationPath: "\(source)/\(name)")
                }
            }
        }
        let aptGet = bin.appendingPathComponent("apt-get")
        try "#!/bin/sh\necho \"stand-in apt-get $*\" >&2\nexit 3\n".write(to: aptGet, atomically: false, encoding: .utf8)
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: aptGet.path)
        return bin
    }

    @Test func saysWhatIsMissingAndWhyBeforeInstallingAnything() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let bin = try Self.programsWithout(["fish", "zsh"], in: harness.folder)
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [Self.script.path], environment: ["PATH": bin.path], mergingErrors: true)
        let said = run.outputText
        #expect(run.status != 0, "the stand-in apt-get fails, so swift test never starts: \(said)")
        let lines = said.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(first.contains("about 5.5 minutes on an idle 2-core machine"), "the run's length comes first: \(first)")
        let fish = try #require(lines.firstIndex { $0.hasPrefix("  fish ") && $0.contains("missing") && $0.contains("the completion tests load the fish script") }, "\(said)")
        #expect(lines.contains { $0.hasPrefix("  zsh ") && $0.contains("missing") }, "\(said)")
        #expect(!lines.contains { $0.hasPrefix("  ffmpeg ") }, "only what is missing is listed: \(said)")
        if getuid() == 0 {
            #expect(lines.contains { $0.contains("missing here, and installed now") }, "\(said)")
            let install = try #require(lines.firstIndex { $0.hasPrefix("stand-in apt-get") }, "as root, apt-get is called: \(said)")
            #expect(fish < install, "what is missing is said before apt-get runs")
        } else {
            #expect(run.status == 69 && !said.contains("stand-in apt-get"), "not root: nothing is installed: \(said)")
        }
    }

    /// A copy of the script in a checkout of its own, so what it installs stays in the test's
    /// folder, and stand-ins that make the run an ordinary user's (`id -u` says 1000) with a
    /// `python3` whose packages are all missing and whose pip only says how it was called.
    static func ordinaryUsersRun(in folder: URL, without left: Set<String> = []) throws -> (script: URL, bin: URL) {
        let checkout = folder.appendingPathComponent("clone")
        let script = checkout.appendingPathComponent("scripts/test.sh")
        try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.script, to: script)
        let bin = try programsWithout(left.union(["id", "python3"]), in: folder)
        let standIns = [
            "id": "#!/bin/sh\n[ \"$1\" = -u ] && { echo 1000; exit 0; }\nexec /usr/bin/id \"$@\"\n",
            "python3": "#!/bin/sh\n[ \"$1 $2 $3\" = '-m pip --version' ] && { echo 'pip 23'; exit 0; }\n[ \"$1 $2\" = '-m pip' ] && { echo \"stand-in pip $*\" >&2; exit 3; }\nexit 1\n",
        ]
        for (name, text) in standIns {
            let file = bin.appendingPathComponent(name)
            try text.write(to: file, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return (script, bin)
    }

    /// An ordinary user cannot apt-get, but needs no root for the Python packages: pip puts them
    /// into the checkout's .build/test-tools.
    @Test func anOrdinaryUserGetsThePythonPackagesInTheCheckout() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let (script, bin) = try Self.ordinaryUsersRun(in: harness.folder)
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path], environment: ["PATH": bin.path], mergingErrors: true)
        let said = run.outputText
        let target = harness.folder.appendingPathComponent("clone/.build/test-tools/python").path
        #expect(said.contains("installed now with pip into \(target) (no root needed)"), "\(said)")
        #expect(said.contains("stand-in pip -m pip install --quiet --target \(target) jsonschema"), "\(said)")
        #expect(!said.contains("stand-in apt-get"), "\(said)")
        #expect(run.status == 3, "the stand-in pip fails, so swift test never starts: \(said)")
    }

    /// A Debian package an ordinary user lacks is named, with exit 69, before anything is installed.
    @Test func anOrdinaryUserMissingADebianPackageIsToldAndNothingIsInstalled() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let (script, bin) = try Self.ordinaryUsersRun(in: harness.folder, without: ["zsh"])
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path], environment: ["PATH": bin.path], mergingErrors: true)
        let said = run.outputText
        #expect(run.status == 69, "\(said)")
        #expect(said.split(separator: "\n").contains { $0.hasPrefix("  zsh ") && $0.contains("missing") }, "\(said)")
        #expect(!said.contains("stand-in apt-get") && !said.contains("stand-in pip"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: harness.folder.appendingPathComponent("clone/.build").path))
    }

    /// The Swift compiler crashes with a TMPDIR outside ASCII (Swift 6.3.1 on Linux), so every
    /// build of `swift test` would fail: the script sets such a TMPDIR aside and says so, before
    /// anything else (`--prerequisites` included), and leaves an ASCII one, spaces and all, alone.
    @Test(arguments: ["tmp ß", "tmpé", "temporary files"])
    func aTemporaryFolderTheCompilerCannotUseIsSetAside(name: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let temporary = harness.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let bin = try Self.programsWithout([], in: harness.folder)
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--prerequisites"],
                                       environment: ["PATH": bin.path, "TMPDIR": temporary.path], mergingErrors: true)
        #expect(run.status == 0, "\(run.outputText)")
        let setAside = "test.sh: TMPDIR (\(temporary.path)) holds characters outside ASCII, with which the Swift compiler crashes; this run uses /tmp instead"
        if name.allSatisfy(\.isASCII) {
            #expect(!run.outputText.contains("TMPDIR"), "an ASCII TMPDIR is kept: \(run.outputText)")
        } else {
            #expect(run.outputText.hasPrefix(setAside + "\n"), "\(run.outputText)")
        }
    }

    @Test func prerequisitesListsEverythingAndInstallsNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let bin = try Self.programsWithout(["fish"], in: harness.folder)
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--prerequisites"], environment: ["PATH": bin.path], mergingErrors: true)
        #expect(run.status == 0, "\(run.outputText)")
        #expect(!run.outputText.contains("stand-in apt-get"))
        for package in ["ffmpeg", "libjpeg-turbo-progs", "librsvg2-bin", "zsh", "bsdutils", "mount", "man-db", "groff-base", "jsonschema"] {
            #expect(run.outputText.contains("\n  \(package) "), "lists \(package): \(run.outputText)")
        }
        #expect(run.outputText.split(separator: "\n").contains { $0.hasPrefix("  fish ") && $0.contains(" missing ") })
    }
}
