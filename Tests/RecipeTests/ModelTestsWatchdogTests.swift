import Foundation
import Testing
import TestSupport

/// The model tests' watchdog (the `duo-app` layer's `Tools/ModelTests/Watchdog.swift`): a group
/// of checks that never finishes ends the program with its name instead of hanging it.
@Suite("model tests watchdog")
struct ModelTestsWatchdogTests {
    /// A generated camera studio whose real clock sleeps a million times too long, so the check
    /// that sleeps on it waits (in effect) forever; a limit of a few seconds ends it.
    @Test func aGroupThatNeverFinishesIsNamedAndFails() throws {
        let work: URL = try CameraStudioTemplate.temporaryFolder("camera-watchdog")
        defer { try? FileManager.default.removeItem(at: work) }
        let generated: CameraStudioTemplate.Run = try CameraStudioTemplate.duoNew(
            ["recipe-camera-studio", "Sitter", "com.example.sitter", "./Sitter", "--no-test"], in: work
        )
        try #require(generated.status == 0, "\(generated.output)")
        let project: URL = work.appendingPathComponent("Sitter")
        let clock: URL = project.appendingPathComponent("Sitter/Model/StudioClock.swift")
        let text: String = try String(contentsOf: clock, encoding: .utf8)
        let broken: String = text.replacingOccurrences(
            of: "try await Task.sleep(for: .seconds(wait))", with: "try await Task.sleep(for: .seconds(wait * 1_000_000))"
        )
        try #require(broken != text, "SystemStudioClock sleeps with Task.sleep(for: .seconds(wait))")
        try broken.write(to: clock, atomically: true, encoding: .utf8)

        let run: CameraStudioTemplate.Run = try Self.runModelTests(in: project, limit: "3")
        #expect(run.status == 1, "\(run.output.suffix(1500))")
        let lines: [Substring] = run.output.split(separator: "\n")
        #expect(lines.contains("Layout: 51 passed"), "the groups before it ran: \(run.output.suffix(1500))")
        let last: String = lines.last.map(String.init) ?? ""
        #expect(last.hasPrefix("model-tests: the group 'Self-timer and clocks' did not finish within 3 s"), "\(last)")
        #expect(last.contains("MODEL_TESTS_GROUP_TIMEOUT"), "the message says how to change the limit: \(last)")
        #expect(!run.output.contains("Camera access:"), "nothing after the stuck group ran: \(run.output.suffix(1500))")
    }

    /// A limit that is not a number is refused before any check runs, with what was given.
    @Test func aLimitThatIsNotANumberIsRefused() throws {
        let work: URL = try CameraStudioTemplate.temporaryFolder("camera-watchdog-limit")
        defer { try? FileManager.default.removeItem(at: work) }
        let generated: CameraStudioTemplate.Run = try CameraStudioTemplate.duoNew(
            ["recipe-camera-studio", "Sitter", "com.example.sitter", "./Sitter", "--no-test"], in: work
        )
        try #require(generated.status == 0, "\(generated.output)")
        for limit in ["soon", "-5", "inf"] {
            let run: CameraStudioTemplate.Run = try Self.runModelTests(in: work.appendingPathComponent("Sitter"), limit: limit)
            #expect(run.status == 64, "\(limit): \(run.output.suffix(800))")
            #expect(run.output.contains("MODEL_TESTS_GROUP_TIMEOUT must be a number of seconds above 0, or 0 or off for no limit; got '\(limit)'"),
                    "\(run.output.suffix(800))")
            #expect(!run.output.contains("Layout:"), "no check ran with \(limit)")
        }
    }

    /// `Tools/run-model-tests.sh` with the watchdog's limit set, under `timeout` where there is
    /// one, so a watchdog that failed to fire fails the test (status 124) instead of hanging it.
    private static func runModelTests(in project: URL, limit: String) throws -> CameraStudioTemplate.Run {
        let environment: [String: String] = ["MODEL_TESTS_GROUP_TIMEOUT": limit]
        guard let timeout = CameraStudioTemplate.tool("timeout") else {
            return try CameraStudioTemplate.runModelTests(in: project, environment: environment)
        }
        let child: ChildProcess = try ChildProcess.run(
            URL(fileURLWithPath: timeout), ["600", "/bin/sh", "Tools/run-model-tests.sh"], in: project,
            environment: environment, mergingErrors: true
        )
        return CameraStudioTemplate.Run(status: child.status, output: child.outputText, samples: project)
    }
}
