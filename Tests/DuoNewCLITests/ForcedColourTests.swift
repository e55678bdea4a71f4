import Foundation
import Testing
@testable import DuoNewCLI

/// `CLICOLOR_FORCE` (or `FORCE_COLOR`) set to anything but `0` asks for colour where there is no
/// terminal (`duo-new … | less -R`, a CI log that shows colour); `NO_COLOR` and `TERM=dumb` still
/// win, and the JSON object is never coloured.
@Suite struct ForcedColourTests {
    static let generation = ["example-hello", "Hello", "com.example.hello", "Hello", "--no-test"]

    @Test(arguments: ["CLICOLOR_FORCE", "FORCE_COLOR"])
    func colourIsForcedWithoutATerminal(variable: String) throws {
        let run = try InProcessRun.run(Self.generation, environment: ["NO_COLOR": "", variable: "1"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("\u{1B}[1m"), "\(run.output.standardOutput)")
        let refused = try InProcessRun.run(["no-such-recipe", "Hello", "com.example.hello", "Hello"], environment: ["NO_COLOR": "", variable: "1"])
        defer { refused.cleanUp() }
        #expect(refused.output.standardError.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m"), "\(refused.output.standardError)")
    }

    @Test(arguments: [["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], ["NO_COLOR": "", "TERM": "dumb", "CLICOLOR_FORCE": "1"], ["NO_COLOR": "", "CLICOLOR_FORCE": "0"]])
    func noColourAndADumbTerminalWinOverForcing(environment: [String: String]) throws {
        let run = try InProcessRun.run(Self.generation, environment: environment)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(!(run.output.standardOutput + run.output.standardError).contains("\u{1B}"), "\(environment)")
    }

    @Test func theJSONObjectIsNeverColoured() throws {
        let run = try InProcessRun.run(Self.generation + ["--json"], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"])
        defer { run.cleanUp() }
        #expect(!run.output.standardOutput.contains("\u{1B}"), "\(run.output.standardOutput)")
        #expect(run.output.standardError.contains("\u{1B}["), "the story on standard error is: \(run.output.standardError)")
    }
}
