import Foundation

/// Runs a program to its end and reports the most memory it held at once (its peak resident set,
/// `VmHWM` in `/proc/<pid>/status`, read every few milliseconds), for bounds in the fault suite.
package struct PeakMemory {
    package var status: Int32
    package var stderr: String
    /// In bytes; 0 where `/proc` is missing.
    package var peakBytes: Int
    package var seconds: Double

    package static func run(_ process: Process) throws -> PeakMemory {
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        let errors = EndToEndHarness.PipeReader(err.fileHandleForReading)
        let started = Date()
        try process.run()
        let status = "/proc/\(process.processIdentifier)/status"
        var peak = 0
        while process.isRunning {
            if let text = try? String(contentsOfFile: status, encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
                peak = max(peak, kilobytes * 1024)
            }
            usleep(2000)
        }
        process.waitUntilExit()
        return PeakMemory(
            status: process.terminationStatus, stderr: String(decoding: errors.wait(), as: UTF8.self),
            peakBytes: peak, seconds: Date().timeIntervalSince(started)
        )
    }
}
