import Foundation
import Testing
import TestSupport

/// A signal at any moment of a large generation leaves either nothing or the whole project:
/// never a half-written folder, never a temporary folder.
@Suite("Fault: signals at many points", .serialized)
struct FaultSignalTests {
    /// Files in the large recipe, besides the big one; with it, writing lasts a good fraction of
    /// a second in a debug build, long enough to be hit at many points.
    static let smallFiles = 600
    static let bigFileBytes = 8 << 20

    /// A recipe `fault-large` with many small stamped files in tokened folders, a script, a
    /// binary and one big text file.
    static func makeLargeRecipe(in folder: URL) throws -> URL {
        let templates = folder.appendingPathComponent("templates")
        let recipe = templates.appendingPathComponent("fault-large")
        let tree = recipe.appendingPathComponent("template")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: tree, withIntermediateDirectories: true)
        try Data("name: fault-large\nsummary: Large.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  BUNDLE_ID: {from: bundle-id}\n".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        let text = Data(String(repeating: "let name = \"__APP_NAME__\" // __BUNDLE_ID__ and some more words\n", count: 40).utf8)
        for index in 0..<smallFiles {
            let folder = tree.appendingPathComponent("__APP_NAME__/Part\(index / 100)")
            if index % 100 == 0 { try fileManager.createDirectory(at: folder, withIntermediateDirectories: true) }
            try text.write(to: folder.appendingPathComponent("__APP_NAME__File\(index).swift"))
        }
        try Data([0, 1, 2, 0xFF, 0]).write(to: tree.appendingPathComponent("blob.bin"))
        let script = tree.appendingPathComponent("run.sh")
        try Data("#!/bin/sh\necho __APP_NAME__\n".utf8).write(to: script)
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let line = Data("let value = \"__APP_NAME__ and some text to make the line longer than a token\"\n".utf8)
        var block = Data()
        while block.count < 1 << 20 { block.append(line) }
        let big = tree.appendingPathComponent("__APP_NAME__/Big.txt")
        _ = fileManager.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        for _ in 0..<(bigFileBytes / block.count) { handle.write(block) }
        try handle.close()
        return templates
    }

    /// What one interrupted run left in `output` (the parent of the parent of the destination).
    enum Outcome: Equatable {
        case nothing
        case complete
        case broken(String)
    }

    static func inspect(_ harness: EndToEndHarness, expectedFiles: Int) -> Outcome {
        let left = harness.tree("output")
        if left.isEmpty { return .nothing }
        if let temporary = left.first(where: { $0.contains(".duo-new-") }) { return .broken("temporary folder left: \(temporary)") }
        let project = harness.url("output/nested/Sitter")
        let files = left.filter { $0.hasPrefix("nested/Sitter/") && !$0.hasSuffix("/") }
            .filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: harness.url("output/" + path).path, isDirectory: &isFolder) && !isFolder.boolValue
            }
        guard files.count == expectedFiles else { return .broken("\(files.count) of \(expectedFiles) files: \(left.prefix(5))") }
        let big = (try? FileManager.default.attributesOfItem(atPath: project.appendingPathComponent("Sitter/Big.txt").path)[.size] as? Int) ?? -1
        return big > 0 ? .complete : .broken("the big file is missing or empty")
    }

    /// The exit status for each signal caught while writing: 128 plus its number.
    static let exitStatus: [Int32: Int32] = [SIGHUP: 129, SIGINT: 130, SIGTERM: 143]

    @Test("SIGINT, SIGTERM and SIGHUP at 36 points of a large generation leave nothing or everything")
    func signalsAtSpreadOutDelays() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.makeLargeRecipe(in: harness.folder)
        let arguments = ["fault-large", "Sitter", "com.example.sitter", "output/nested/Sitter", "--templates", templates.path, "--no-test"]
        try FileManager.default.createDirectory(at: harness.url("output"), withIntermediateDirectories: true)

        // One uninterrupted run: how long a generation takes here, and what a complete one holds.
        let started = Date()
        let full = try harness.run(arguments)
        let duration = Date().timeIntervalSince(started)
        try #require(full.status == 0, "\(full.stderr)")
        let expectedFiles = Self.smallFiles + 4   // blob.bin, run.sh, Big.txt, the record
        try #require(Self.inspect(harness, expectedFiles: expectedFiles) == .complete)
        try FileManager.default.removeItem(at: harness.url("output/nested"))

        let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
        let trials = 36
        var midway = 0
        for trial in 0..<trials {
            let signal = signals[trial % signals.count]
            // Spread over the whole run, from before writing starts to after the move.
            let delay = duration * 1.1 * (Double(trial) + 0.5) / Double(trials)
            let process = try harness.launch(arguments)
            process.standardOutput = FileHandle.nullDevice
            let err = Pipe()
            process.standardError = err
            let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let message = String(decoding: stderr.wait(), as: UTF8.self)

            let outcome = Self.inspect(harness, expectedFiles: expectedFiles)
            let context = "trial \(trial), signal \(signal) after \(Int(delay * 1000)) ms: status \(process.terminationStatus) (\(process.terminationReason == .uncaughtSignal ? "killed" : "exited")), \(message)"
            let stoppedStatus = Self.exitStatus[signal] ?? -1
            // Before the handlers are installed or after they are removed, the signal itself ends
            // the process; that signal and no other.
            let killedBySignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == signal
            switch outcome {
            case .broken(let what):
                Issue.record("\(what); \(context)")
            case .nothing:
                if process.terminationReason == .exit {
                    #expect(process.terminationStatus == stoppedStatus, "\(context)")
                    #expect(message.contains("nothing was left behind"), "\(context)")
                    midway += 1
                } else {
                    #expect(killedBySignal, "\(context)")
                }
            case .complete:
                // Finished before the signal, or the signal came during the final move.
                let exited = process.terminationReason == .exit && [0, stoppedStatus].contains(process.terminationStatus)
                #expect(exited || killedBySignal, "\(context)")
            }
            try? FileManager.default.removeItem(at: harness.url("output/nested"))
        }
        #expect(harness.tree("output").isEmpty)
        // How many of the delays above hit the writing itself depends on how loaded the machine
        // is (one measured run sets them all), so no count of them is asserted (issue 42,
        // finding 14: this failed once under a load of 6-10). Signals sent once the writing is
        // seen under way, whatever the load, hit it instead.
        var seenWriting = 0
        for trial in 0..<6 {
            let signal = signals[trial % signals.count]
            let process = try harness.launch(arguments)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            guard Self.waitUntilWriting(harness, process) else {
                process.waitUntilExit()
                try? FileManager.default.removeItem(at: harness.url("output/nested"))
                continue
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let outcome = Self.inspect(harness, expectedFiles: expectedFiles)
            let context = "trial \(trial), signal \(signal) once writing was seen: status \(process.terminationStatus)"
            if case .broken(let what) = outcome { Issue.record("\(what); \(context)") }
            if outcome == .nothing, process.terminationReason == .exit, process.terminationStatus == Self.exitStatus[signal] { midway += 1 }
            seenWriting += 1
            try? FileManager.default.removeItem(at: harness.url("output/nested"))
        }
        #expect(seenWriting > 0 && midway > 0, "\(midway) of \(seenWriting) signals sent while writing was under way stopped it there")
        #expect(harness.tree("output").isEmpty)
    }

    /// Waits (polling the file system, not the clock) until the generation's temporary folder
    /// holds some files; false when the process ended first.
    static func waitUntilWriting(_ harness: EndToEndHarness, _ process: Process) -> Bool {
        while process.isRunning {
            if harness.tree("output").filter({ $0.contains(".duo-new-") && !$0.hasSuffix("/") }).count >= 20 { return true }
            usleep(2_000)
        }
        return false
    }

    /// Two signals in the same window (the finding: SIGINT and SIGHUP, as a terminal closing
    /// right after Ctrl-C sends them): the second comes while the first is being handled, and
    /// still nothing is left but nothing or the whole project.
    @Test("SIGINT then SIGHUP together, at 24 points of a large generation, leave nothing or everything")
    func twoSignalsInTheSameWindow() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.makeLargeRecipe(in: harness.folder)
        let arguments = ["fault-large", "Sitter", "com.example.sitter", "output/nested/Sitter", "--templates", templates.path, "--no-test"]
        try FileManager.default.createDirectory(at: harness.url("output"), withIntermediateDirectories: true)
        let started = Date()
        try #require(try harness.run(arguments).status == 0)
        let duration = Date().timeIntervalSince(started)
        let expectedFiles = Self.smallFiles + 4
        try FileManager.default.removeItem(at: harness.url("output/nested"))

        let trials = 24
        for trial in 0..<trials {
            let delay = duration * 1.1 * (Double(trial) + 0.5) / Double(trials)
            // The second signal at once, or a few milliseconds after the first.
            let gap = [0, 1_000, 5_000][trial % 3]
            let process = try harness.launch(arguments)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGINT)
            if gap > 0 { usleep(useconds_t(gap)) }
            kill(process.processIdentifier, SIGHUP)
            process.waitUntilExit()
            let context = "trial \(trial), after \(Int(delay * 1000)) ms, \(gap) µs apart: status \(process.terminationStatus) (\(process.terminationReason == .uncaughtSignal ? "killed" : "exited"))"
            if case .broken(let what) = Self.inspect(harness, expectedFiles: expectedFiles) {
                Issue.record("\(what); \(context)")
            }
            let statuses: [Int32] = process.terminationReason == .exit ? [0, 130, 129] : [SIGINT, SIGHUP]
            #expect(statuses.contains(process.terminationStatus), "\(context)")
            try? FileManager.default.removeItem(at: harness.url("output/nested"))
        }
        #expect(harness.tree("output").isEmpty, "\(harness.tree("output"))")
    }
}
