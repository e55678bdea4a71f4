import DuoNewKit
import Foundation
import TestSupport
@testable import DuoNewCLI

/// A console's words kept in memory: the command line run in-process, with nothing on the test
/// process's own standard output.
final class CapturedOutput: Console.Output, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func write(_ text: String, toStandardError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if toStandardError { err += text } else { out += text }
    }

    var standardOutput: String { lock.withLock { out } }
    var standardError: String { lock.withLock { err } }
}

/// One in-process run of the command line in a fresh folder, with a clean environment.
struct InProcessRun {
    let folder: URL
    let code: ExitCode
    let output: CapturedOutput
    /// What the run read from its world (its config reading among it).
    let context: CommandContext

    /// `environment` adds to (or replaces in) the clean environment: `COLUMNS`, say.
    static func run(_ arguments: [String], in folder: URL? = nil, environment extra: [String: String] = [:]) throws -> InProcessRun {
        let folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1", "CI": "1", "COLUMNS": TestScratch.unwrappedColumns,
            "HOME": folder.appendingPathComponent("home").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        ].merging(extra) { _, given in given }
        // The test process's signal actions are left alone: another test may be spawning a
        // process (which would inherit an ignored SIGINT) or catching signals itself.
        let context = CommandContext(
            environment: environment, workingDirectory: folder.path, executablePath: nil, interruption: Interruption(changingSignalActions: false)
        )
        let output = CapturedOutput()
        let code = CommandLineTool.run(arguments: arguments, context: context, output: output)
        return InProcessRun(folder: folder, code: code, output: output, context: context)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }
}
