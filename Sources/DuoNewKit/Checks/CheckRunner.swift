import Foundation

/// Runs a template's after-generation checks in the new project.
public enum CheckRunner {
    /// Exit statuses with which a shell says a command could not be found or started.
    static let cannotStartStatuses: Set<Int32> = [126, 127]

    /// Runs `/bin/sh -c check.run` in `folder`, standard input closed, standard error merged into
    /// standard output, and hands each output line to `onLine` as it arrives.
    ///
    /// A check that exits 126 or 127 could not start: it is `.notRun`, with its last line as the reason
    /// (the camera studio's script prints what to install and exits 127 when `swiftc` is missing).
    public static func run(_ check: Check, in folder: URL, onLine: @escaping @Sendable (String) -> Void) -> CheckResult {
        let started = Date()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", check.run]
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe

        do {
            try process.run()
        } catch {
            return CheckResult(
                name: check.name,
                status: .notRun(reason: "'/bin/sh' could not start: \(error.localizedDescription)"),
                seconds: Date().timeIntervalSince(started)
            )
        }
        // Our copy of the write end must close, or reading never sees the end of the output.
        try? pipe.fileHandleForWriting.close()

        var lines = LineSplitter()
        var lastLine = ""
        var counts: (passed: Int, failed: Int)?
        let handle = pipe.fileHandleForReading
        let take: (String) -> Void = { line in
            onLine(line)
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { lastLine = line }
            if let parsed = TestCountLine.parse(line) { counts = parsed }
        }
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            lines.append(chunk).forEach(take)
        }
        lines.finish().forEach(take)
        process.waitUntilExit()

        let seconds = Date().timeIntervalSince(started)
        let status: CheckResult.Status
        if process.terminationReason == .exit && process.terminationStatus == 0 {
            status = .passed
        } else if process.terminationReason == .exit && cannotStartStatuses.contains(process.terminationStatus) {
            let reason = lastLine.isEmpty ? "'\(check.run)' could not be started" : lastLine
            status = .notRun(reason: reason)
        } else {
            // A check killed by a signal reports 128 + the signal, as a shell would.
            let code = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            status = .failed(exitCode: code)
        }
        return CheckResult(
            name: check.name,
            status: status,
            seconds: seconds,
            passedCount: counts?.passed,
            failedCount: counts?.failed
        )
    }
}

/// Cuts a byte stream into lines; invalid UTF-8 is repaired rather than dropped.
struct LineSplitter {
    private var pending: [UInt8] = []

    mutating func append(_ data: Data) -> [String] {
        pending.append(contentsOf: data)
        var lines: [String] = []
        var start = 0
        for index in pending.indices where pending[index] == UInt8(ascii: "\n") {
            lines.append(Self.text(pending[start..<index]))
            start = index + 1
        }
        pending.removeFirst(start)
        return lines
    }

    mutating func finish() -> [String] {
        defer { pending.removeAll() }
        return pending.isEmpty ? [] : [Self.text(pending[...])]
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
