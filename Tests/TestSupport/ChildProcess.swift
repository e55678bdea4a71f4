import Foundation

/// A program run to its end by a test: standard input closed, both output streams read at once
/// (on two threads), so a chatty child can never block on a full pipe.
package struct ChildProcess: Sendable {
    package let status: Int32
    package let output: Data
    package let errors: Data

    package var outputText: String { String(decoding: output, as: UTF8.self) }
    package var errorText: String { String(decoding: errors, as: UTF8.self) }
    /// Standard output, then standard error: enough for a failure message.
    package var transcript: String { outputText + errorText }

    /// Runs `program` with `arguments` in `folder`, adding `environment` to the test's own, with
    /// `XDG_CACHE_HOME` and `XDG_CONFIG_HOME` in the tests' scratch folder, no
    /// `DUO_NEW_TEMPLATES`, and git reading neither the user's configuration nor the machine's,
    /// unless `environment` says otherwise: what the user keeps at home (a duo-new config.yaml
    /// with defaults or a mistake, a `commit.gpgsign` in `~/.gitconfig`) must not decide what
    /// the programs the tests run do.
    /// With `mergingErrors`, standard error goes into `output` in the order it was written, as a
    /// terminal shows it, and `errors` is empty.
    package static func run(
        _ program: URL,
        _ arguments: [String],
        in folder: URL? = nil,
        environment: [String: String] = [:],
        mergingErrors: Bool = false
    ) throws -> ChildProcess {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var base: [String: String] = ProcessInfo.processInfo.environment
        base["XDG_CACHE_HOME"] = TestScratch.cacheHome.path
        base["XDG_CONFIG_HOME"] = TestScratch.configHome.path
        base["DUO_NEW_TEMPLATES"] = nil
        base["GIT_CONFIG_GLOBAL"] = "/dev/null"
        base["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = base.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = mergingErrors ? out : err
        try process.run()
        if mergingErrors { try err.fileHandleForWriting.close() }
        let errors = EndToEndHarness.PipeReader(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildProcess(status: process.terminationStatus, output: output, errors: errors.wait())
    }
}
