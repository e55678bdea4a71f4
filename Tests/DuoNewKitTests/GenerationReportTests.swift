import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// What `--json` reports of a generation, made in-process from what the Kit prepared and ran.
@Suite("Generation report in-process")
struct GenerationReportTests {
    @Test func theReportNamesTheRecipeTheFolderAndTheValuesButNoSecret() throws {
        let scene = try ProjectUpdateTests.Scene(files: ["a.txt": "one\n"])
        let more = "  TEAM:\n    from: set\n    key: team\n    default: Core\n  TOKEN:\n    from: set\n    key: token\n    secret: true\n    env: FIX_TOKEN\n"
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one __TEAM__ __TOKEN__\n"], placeholders: more)
        var request = GenerationPipeline.Request(recipe: "fix", appName: "Sitter", bundleID: "com.example.sitter", folder: "q", workingDirectory: scene.root.path)
        request.settings = [("token", "s3cret")]
        let prepared = try GenerationPipeline.prepare(request, catalog: scene.catalog(nil, false))
        var report = GenerationReport()
        report.record(prepared, appName: "Sitter", bundleID: "com.example.sitter")
        #expect(report.recipe == "fix" && report.version == "1.1.0" && report.appName == "Sitter" && report.bundleID == "com.example.sitter")
        #expect(report.folder == scene.root.appendingPathComponent("q").path)
        #expect(report.values?["team"] == "Core")
        #expect(report.values?["token"] == nil, "a secret is never reported")
    }

    @Test func theCountsAreTheTallys() {
        var tally = CheckTally(total: 3)
        tally.add(CheckResult(name: "a", status: .passed, seconds: 0), of: Check(name: "a", run: "true"))
        tally.add(CheckResult(name: "b", status: .failed(exitCode: 1), seconds: 0), of: Check(name: "b", run: "false"))
        tally.add(CheckResult(name: "c", status: .skipped(reason: "opt-in"), seconds: 0), of: Check(name: "c", run: "true"))
        let counts = GenerationReport.CheckCounts(tally)
        #expect((counts.passed, counts.failed, counts.skipped) == (1, 1, 1))
    }
}
