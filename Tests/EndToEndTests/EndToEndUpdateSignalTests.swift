@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Real signals and a real failed write during `duo-new update`, on the built binary: whatever the
/// moment, the project is byte for byte (contents, modes, record) as before or as after, and a
/// rerun finishes the update.
///
/// The recipe changes many files so that the apply has over a hundred operations; the test-only
/// `DUO_NEW_UPDATE_PAUSE_MS` makes the applier wait after each one, so a signal sent a few
/// milliseconds after the journal appears lands in the middle of the apply.
@Suite("End to end: update interrupted by signals and failed writes", .serialized)
struct EndToEndUpdateSignalTests {
    static let fileCount = 40
    /// Long names make the journal (two paths per moved file) larger than any staged file and the
    /// staged record, so a file-size limit can be placed between them.
    static let folder = "Sources/a-folder-with-a-long-name-so-the-journal-grows/and-one-more-level-of-it"

    /// Writes the recipe `many` at version 1 or 2 into `<harness>/T/many`: version 2 changes
    /// every file, adds ten in new folders and drops ten.
    static func writeRecipe(in harness: EndToEndHarness, second: Bool) throws {
        let recipe = harness.url("T/many")
        try? FileManager.default.removeItem(at: recipe)
        let tree = recipe.appendingPathComponent("template")
        var files: [String: String] = [:]
        for index in 0..<fileCount {
            files["\(folder)/file-\(index)-with-a-long-name-as-real-projects-have.swift"] = "// version \(second ? 2 : 1) of file \(index) in __APP_NAME__\n"
        }
        for index in 0..<10 {
            if second {
                files["Added/Group-\(index)/added-\(index).txt"] = "new in version 2\n"
            } else {
                files["Dropped/dropped-\(index).txt"] = "dropped in version 2\n"
            }
        }
        for (path, text) in files {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let manifest = """
        \(TestManifest.header(name: "many", summary: "A recipe whose every file changes, for the update signal tests.", version: second ? "2.0.0" : "1.0.0"))

        """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
    }

    /// The project `p` at version 1 with one file edited (a conflict to be), its copy
    /// `pristine`, and the trees before and after an uninterrupted update.
    static func prepare(_ harness: EndToEndHarness) throws -> (before: [String], after: [String]) {
        try writeRecipe(in: harness, second: false)
        let generated = try harness.run(["many", "Sitter", "com.example.sitter", "p", "--templates", "T"])
        try #require(generated.status == 0, "\(generated.stderr)")
        try Data("// mine\n".utf8).write(to: harness.url("p/\(folder)/file-0-with-a-long-name-as-real-projects-have.swift"))
        // Made executable: a change of intent, so an edit (a mode the umask could give is not).
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: harness.url("p/\(folder)/file-1-with-a-long-name-as-real-projects-have.swift").path)
        try writeRecipe(in: harness, second: true)
        try FileManager.default.copyItem(at: harness.url("p"), to: harness.url("pristine"))
        let before = try EndToEndUpdateTests.snapshot(harness.url("p"))
        let updated = try harness.run(["update", "p", "--templates", "T"])
        try #require(updated.status == 1, "two conflicts: \(updated.stderr)")
        let after = try EndToEndUpdateTests.snapshot(harness.url("p"))
        try #require(after != before)
        try restore(harness)
        return (before, after)
    }

    static func restore(_ harness: EndToEndHarness) throws {
        try FileManager.default.removeItem(at: harness.url("p"))
        try FileManager.default.copyItem(at: harness.url("pristine"), to: harness.url("p"))
    }

    enum Moment: CustomStringConvertible {
        /// As soon as the work folder appears: staging.
        case staging
        /// This many milliseconds after the journal appears: the apply.
        case applying(milliseconds: Int)

        var description: String {
            switch self {
            case .staging: "while staging"
            case .applying(let milliseconds): "\(milliseconds) ms into the apply"
            }
        }
    }

    static let moments: [Moment] = [.staging, .applying(milliseconds: 0), .applying(milliseconds: 30), .applying(milliseconds: 120), .applying(milliseconds: 260)]

    @Test("SIGINT, SIGTERM and SIGHUP at several moments leave the project as before or after", arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalLeavesBeforeOrAfter(signal: Int32) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let (before, after) = try Self.prepare(harness)
        let work = harness.url("p/\(UpdateApplier.workFolder)")
        var rolledBack = 0
        for moment in Self.moments {
            try Self.restore(harness)
            let process = try harness.launch(["update", "p", "--templates", "T"], environment: ["DUO_NEW_UPDATE_PAUSE_MS": "2"])
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = EndToEndHarness.PipeReader(out.fileHandleForReading)
            let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
            let marker = moment.isStaging ? work.path : work.appendingPathComponent(UpdateApplier.journalFile).path
            let deadline = Date().addingTimeInterval(30)
            var seen = false
            while Date() < deadline, process.isRunning {
                if FileManager.default.fileExists(atPath: marker) {
                    seen = true
                    break
                }
                usleep(200)
            }
            #expect(seen, "the update ended before \(moment)")
            if case .applying(let milliseconds) = moment, milliseconds > 0 { usleep(useconds_t(milliseconds) * 1000) }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            _ = stdout.wait()
            let message = String(decoding: stderr.wait(), as: UTF8.self)
            let now = try EndToEndUpdateTests.snapshot(harness.url("p"))
            if process.terminationStatus == 128 + signal {
                rolledBack += 1
                #expect(now == before, "stopped \(moment): the project is as before\n\(message)")
                #expect(message.contains("the project was not changed") || message.contains("the project was put back as it was"), "\(message)")
            } else {
                #expect(process.terminationStatus == 1, "\(moment): finished with its conflicts, or stopped: \(message)")
                #expect(now == after, "finished \(moment): the project is as after")
            }
            #expect(!FileManager.default.fileExists(atPath: work.path), "no work folder is left \(moment)")
            let rerun = try harness.run(["update", "p", "--templates", "T"])
            #expect(rerun.status == 1 || (rerun.status == 0 && now == after), "\(rerun.stderr)")
            #expect(try EndToEndUpdateTests.snapshot(harness.url("p")) == after, "a rerun after a signal \(moment) gives the project after")
        }
        #expect(rolledBack >= 3, "most moments fall before the apply's end (\(rolledBack) of \(Self.moments.count) were rolled back)")
    }

    /// A file-size limit (`ulimit -f`) with SIGXFSZ at its default, which would kill duo-new:
    /// it ignores the signal, so the write fails with EFBIG, and the update is refused with 74
    /// and the project as before. One limit stops the staging (a staged file is too large), the
    /// other the apply (the journal is too large, the staged files and record are not).
    @Test("a write past the file-size limit, while staging or when the apply starts", arguments: ["staging", "journal"])
    func fileSizeLimitLeavesTheProjectAsBefore(phase: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let (before, after) = try Self.prepare(harness)
        // The sizes the limit must fall between, from an apply stopped before its first operation.
        let stopped = try harness.run(["update", "p", "--templates", "T"], environment: ["DUO_NEW_UPDATE_STOP_AFTER": "0"])
        try #require(stopped.status == 74, "\(stopped.stderr)")
        let work = harness.url("p/\(UpdateApplier.workFolder)")
        let journal = try #require(try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent(UpdateApplier.journalFile).path)[.size] as? Int)
        let staged = work.appendingPathComponent(UpdateApplier.stagedFolder)
        let largestStaged = try #require(FileManager.default.subpaths(atPath: staged.path)).compactMap { path in
            try? FileManager.default.attributesOfItem(atPath: staged.appendingPathComponent(path).path)
        }.filter { $0[.type] as? FileAttributeType == .typeRegular }.compactMap { $0[.size] as? Int }.max() ?? 0
        try Self.restore(harness)
        let limit = phase == "staging" ? 0 : (largestStaged + 1024 + 1023) / 1024   // bash counts in KiB
        try #require(limit * 1024 < journal, "the journal (\(journal) bytes) outgrows every staged file (\(largestStaged)) by more than a block")

        let binary = try #require(EndToEndHarness.binary)
        // The test runner may ignore SIGXFSZ, and a shell cannot reset a signal ignored on entry:
        // env(1) puts the default back for duo-new itself.
        let script = "ulimit -f \"$2\" && exec env --default-signal=XFSZ \"$1\" update p --templates T"
        let run = try harness.run(["-c", script, "bash", binary.path, "\(limit)"], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("File too large"), "\(run.stderr)")
        if phase == "staging" {
            #expect(run.stderr.contains("the project was not changed"), "\(run.stderr)")
        } else {
            #expect(run.stderr.contains("error: cannot update '\(UpdateApplier.workFolder)/\(UpdateApplier.journalFile)': File too large; the project was put back as it was"), "\(run.stderr)")
        }
        #expect(try EndToEndUpdateTests.snapshot(harness.url("p")) == before, "\(phase): the project is as before")
        #expect(!FileManager.default.fileExists(atPath: work.path), "no work folder is left")
        let rerun = try harness.run(["update", "p", "--templates", "T"])
        #expect(rerun.status == 1, "\(rerun.stderr)")
        #expect(try EndToEndUpdateTests.snapshot(harness.url("p")) == after)
    }
}

extension EndToEndUpdateSignalTests {
    /// The merged text of a large file of the user's, past the file-size limit that every staged
    /// file and the journal fit in, is a failed write while staging like any other: 74, the file
    /// and the cause named, the project as before. Until 2026-12-07 the merge was dropped without
    /// a word, and the file left as a conflict with the recipe's version beside it.
    @Test func aMergedFilePastTheFileSizeLimitStopsTheUpdateAndSaysSo() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try UpdateFixture.generate(harness, files: ["a.txt": "one\ntwo\nthree\nfour\nfive\n"])
        let large = String(repeating: "a line of the user's own, long enough to grow the file\n", count: 2_000)
        try Data((large + "one\ntwo\nthree\nfour\nfive\n").utf8).write(to: harness.url("p/a.txt"))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["a.txt": "one\ntwo\nthree\nfour\nFIVE\n"])
        let before = try UpdateFixture.snapshot(harness)
        let binary = try #require(EndToEndHarness.binary)
        // 64 KiB: the recipe's files, the record and the journal fit; the merged 110 KB do not.
        let script = "ulimit -f 64 && exec env --default-signal=XFSZ \"$1\" update p --templates T"
        let run = try harness.run(["-c", script, "bash", binary.path], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("could not write the merged 'a.txt' while staging the update: File too large; the project was not changed"), "\(run.stderr)")
        #expect(try UpdateFixture.snapshot(harness) == before)
        #expect(!UpdateFixture.exists(harness, "p/\(UpdateApplier.workFolder)"))
        let done = try UpdateFixture.update(harness)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try String(contentsOf: harness.url("p/a.txt"), encoding: .utf8) == large + "one\ntwo\nthree\nfour\nFIVE\n")
    }
}

extension EndToEndUpdateSignalTests.Moment {
    var isStaging: Bool { if case .staging = self { true } else { false } }
}
