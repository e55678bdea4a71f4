import DuoNewCore
import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// The commands printed to be pasted later (a skipped check's, a failed task's) are continued
/// with ` \` within a narrow terminal, never broken by it mid-word, and paste as one command.
@Suite struct ContinuedCommandTests {
    static let command = "xcodebuild -scheme Something -destination 'platform=iOS Simulator,name=iPhone Duo' test"

    @Test func aSkippedChecksCommandIsContinuedWithinTheWidth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try TestManifest.writeRecipe(at: folder.appendingPathComponent("T/long-commands"), manifest: """
            name: long-commands
            summary: A check with a long command.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
            checks:
              - name: simulator
                run: "\(Self.command)"
                needs: {commands: [no-such-tool-here], hint: a Mac}
            """, files: ["a.txt": "__APP_NAME__\n"])
        let run = try InProcessRun.run(["--templates", "T", "long-commands", "App", "Out"], in: folder, environment: ["COLUMNS": "50"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let lines = run.output.standardOutput.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("      (cd Out &&") }, "\(run.output.standardOutput)")
        let command = lines[start...].prefix { $0.hasSuffix(" \\") } + [lines[lines[start...].firstIndex { !$0.hasSuffix(" \\") } ?? start]]
        #expect(command.count > 1 && command.allSatisfy { TextWrapping.columns($0) <= 50 }, "\(run.output.standardOutput)")
        let joined = command.map { ($0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == "(cd Out && \(Self.command))", "\(run.output.standardOutput)")
    }
}
