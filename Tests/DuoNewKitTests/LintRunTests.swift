import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `duo-new lint` over several folders, in-process: each diagnostic reported once, the tally,
/// and the JSON the command prints.
@Suite("Lint: a run over several folders")
struct LintRunTests {
    @Test func aDiagnosticFoundAgainIsReportedOnce() throws {
        var reported: [[Diagnostic]] = []
        let lint = LintRun(folders: ["check-commands", "clean", "check-commands"], workingDirectory: Fixtures.lint.path, interruption: Interruption(changingSignalActions: false)) {
            reported.append($0)
        }
        #expect(reported.count == 3)
        #expect(reported[0].count == 2 && reported[0].allSatisfy { $0.severity == .error })
        #expect(reported[2].isEmpty, "the same folder's diagnostics, already reported")
        #expect(lint.diagnostics == reported[0] + reported[1])
        #expect(lint.errors == 2)
        #expect(lint.warnings == reported[1].filter { $0.severity == .warning }.count)
        #expect(lint.stoppedBy == nil && lint.stopMessage == nil)
        #expect(lint.summary == TemplateLinter.summary(of: lint.diagnostics, templates: 3))
    }

    @Test func jsonHoldsTheTallyTheDiagnosticsAndTheExitCode() throws {
        let lint = LintRun(folders: ["check-commands"], workingDirectory: Fixtures.lint.path, interruption: Interruption(changingSignalActions: false)) { _ in }
        let json = try #require(JSONSerialization.jsonObject(with: Data(lint.json(exitCode: 78).utf8)) as? [String: Any])
        #expect(json["exitCode"] as? Int == 78)
        #expect(json["errors"] as? Int == 2)
        #expect(json["warnings"] as? Int == 0)
        #expect(json["templates"] as? Int == 1)
        #expect(json["diagnostics"] as? [String] == lint.diagnostics.map(\.rendered))
        #expect(json["error"] == nil, "no signal stopped it")
    }
}
