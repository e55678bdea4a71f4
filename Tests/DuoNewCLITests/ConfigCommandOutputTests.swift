import Foundation
import Testing
@testable import DuoNewCLI

/// `duo-new config`'s lines as a terminal shows them: fitted to its width like every other
/// sentence duo-new prints, and the file's path (from `XDG_CONFIG_HOME` or `HOME`, anyone's
/// to set) shown with its control characters escaped.
@Suite struct ConfigCommandOutputTests {
    @Test func theConfigFilesLineFitsANarrowTerminal() throws {
        let run = try InProcessRun.run(["config"], environment: ["COLUMNS": "40", "XDG_CONFIG_HOME": "/c"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let lines = run.output.standardOutput.split(separator: "\n")
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 40 }, "\(run.output.standardOutput)")
        #expect(run.output.standardOutput.contains("/c/duo-new/config.yaml"), "the path stays whole")
    }

    @Test func theConfigFilesPathIsShownWithItsControlCharactersEscaped() throws {
        let run = try InProcessRun.run(["config"], environment: ["XDG_CONFIG_HOME": "/c\u{1B}[31m\nx"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(!run.output.standardOutput.contains("\u{1B}"), "\(run.output.standardOutput)")
        #expect(run.output.standardOutput.split(separator: "\n").count == 1, "\(run.output.standardOutput)")
    }
}
