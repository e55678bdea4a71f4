import Foundation

/// Runs the built `duo-new` the way a user does, in a temporary folder, and captures what it says.
package struct EndToEndHarness {
    package struct Run {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// Recipes made for these tests, in `Tests/Fixtures/templates`.
    package static let fixtureTemplates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/templates")

    /// The `duo-new` SwiftPM built next to this test bundle (the test target depends on it).
    package static let binary: URL? = {
        var starts: [URL] = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
        starts += Bundle.allBundles.map(\.bundleURL)
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("duo-new")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    /// The tests' build of the binary (Tests/TestHooks), which honours the update's test hooks.
    package static let hooksBinary: URL? = binary.map { $0.deletingLastPathComponent().appendingPathComponent("duo-new-test-hooks") }
    /// The variables only the tests' build reads; a run that sets one runs that build.
    package static let hookVariables: Set<String> = ["DUO_NEW_UPDATE_STOP_AFTER", "DUO_NEW_UPDATE_PAUSE_MS"]

    /// A fresh empty folder to run in; removed by `cleanUp()`.
    package let folder: URL

    package init() throws {
        try self.init(in: FileManager.default.temporaryDirectory)
    }

    /// A fresh folder inside `base`, 0755 whatever the umask, so another user may enter it when
    /// `base` lets them (`OtherUserStage`).
    package init(in base: URL) throws {
        folder = base.appendingPathComponent("duo-new-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    }

    package func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Launches duo-new (or `executable`) with `arguments` in `folder`; `environment` is added to a clean one.
    package func launch(_ arguments: [String], environment: [String: String] = [:], executable: URL? = nil) throws -> Process {
        let chosen = executable ?? (environment.keys.contains(where: Self.hookVariables.contains) ? Self.hooksBinary : Self.binary)
        let binary = try required(chosen, "the duo-new binary was not built next to the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var base = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1",
            "XDG_CACHE_HOME": TestScratch.cacheHome.path, "COLUMNS": TestScratch.unwrappedColumns,
        ]
        base.merge(environment) { $1 }
        process.environment = base
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// Runs duo-new (or `executable`) to the end and returns its exit status and output.
    @discardableResult
    package func run(_ arguments: [String], environment: [String: String] = [:], executable: URL? = nil) throws -> Run {
        let process = try launch(arguments, environment: environment, executable: executable)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self)
        )
    }

    /// Runs a fixture recipe by name from `Tests/Fixtures/templates`.
    @discardableResult
    package func generate(_ recipe: String, _ appName: String, _ bundleID: String, _ destination: String, _ options: [String] = []) throws -> Run {
        try run([recipe, appName, bundleID, destination, "--templates", Self.fixtureTemplates.path] + options)
    }

    /// Every path below `folder`, relative, sorted; `[]` when it is empty.
    package func tree(_ relative: String = "") -> [String] {
        let root = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.sorted()
    }

    package func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

    package func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    /// Reads a pipe to its end on another thread, so a chatty child cannot block on a full pipe.
    package final class PipeReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        package init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        package func wait() -> Data {
            done.wait()
            return data
        }
    }
}
