import Foundation

/// duo-new run on a real pseudo-terminal (Tests/Fixtures/pty/drive.py), answering its prompts:
/// each step waits for `expect` on the screen, then types `send`.
package struct TerminalSession {
    package static let driver = EndToEndHarness.fixtureTemplates.deletingLastPathComponent().appendingPathComponent("pty/drive.py")

    package var status: Int
    package var transcript: String
    /// The prompt that never came, or nil when every step's text was seen.
    package var missed: String?

    /// The steps as JSON for the driver: `[{"expect": …, "send": …}, …]`.
    package static func steps(_ steps: [(expect: String, send: String)]) throws -> String {
        let json = try JSONSerialization.data(withJSONObject: steps.map { ["expect": $0.expect, "send": $0.send] })
        return String(decoding: json, as: UTF8.self)
    }

    /// Runs the built duo-new with `arguments` in `folder`, typing `stepsJSON`; colour and escape
    /// sequences off, PATH kept, `environment` on top.
    package static func run(_ arguments: [String], steps stepsJSON: String, in folder: URL, environment: [String: String]) throws -> TerminalSession {
        let binary = try required(EndToEndHarness.binary)
        var base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": TestScratch.unwrappedColumns]
        base.merge(environment) { $1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver.path, stepsJSON, binary.path] + arguments
        process.currentDirectoryURL = folder
        process.environment = base
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let object = try required(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
        return TerminalSession(status: object["status"] as? Int ?? -1, transcript: object["transcript"] as? String ?? "", missed: object["missed"] as? String)
    }
}
