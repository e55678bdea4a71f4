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
        #expect(first.contains("about 6 minutes on an idle 2-core machine"), "the run's length comes first: \(first)")
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
