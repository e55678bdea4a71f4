import Foundation
import Testing
@testable import DuoNewCLI

/// Every `--json` refusal carries the `file:line:column` lines behind its error in
/// `diagnostics`, as generation's does: `list --json` with a broken config file too.
@Suite struct RefusalReportDiagnosticsTests {
    @Test func listJSONRefusedByABrokenConfigNamesItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/duo-new"), withIntermediateDirectories: true)
        try Data("bundle-id-prefx: com.example\n".utf8).write(to: folder.appendingPathComponent("config/duo-new/config.yaml"))
        for arguments in [["list", "--json"], ["--json", "example-hello", "Hello", "com.example.hello", "Hello"]] {
            let run = try InProcessRun.run(arguments, in: folder)
            #expect(run.code == .brokenTemplate, "\(run.output.standardError)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any], "\(run.output.standardOutput)")
            let diagnostics = report["diagnostics"] as? [String] ?? []
            #expect(diagnostics.count == 1 && diagnostics[0].hasSuffix("config.yaml:1:1: error: unknown key 'bundle-id-prefx'; did you mean 'bundle-id-prefix'?"),
                    "\(arguments): \(run.output.standardOutput)")
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
