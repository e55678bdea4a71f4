import Foundation
import Testing
import TestSupport

/// A check, and everything it starts, ends with the check: a process that left the check's
/// group with `setsid` (however deep) is stopped when the check ends, or when duo-new is
/// stopped by a signal while it runs (Linux: duo-new is the child subreaper of its checks).
@Suite("Check orphans")
struct CheckOrphanTests {
    /// A copy of the fixture `basic` whose check runs `body` and passes.
    private static func recipe(in harness: EndToEndHarness, body: String) throws -> URL {
        let templates = harness.url("recipes")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates.appendingPathComponent("basic"), to: templates.appendingPathComponent("basic"))
        let check = templates.appendingPathComponent("basic/template/Tools/check.sh")
        try Data("#!/bin/sh\n\(body)\necho \"1 passed, 0 failed\"\n".utf8).write(to: check)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: check.path)
        return templates
    }

    /// How the check hides a process from its group.
    enum Escape: String, CaseIterable, Sendable {
        /// `setsid` once, the check then ends.
        case setsid
        /// A `setsid` process that starts another `setsid` one and waits.
        case twice
        /// `setsid` and a new process group of its own inside it.
        case orphanedGrandchild
    }

    static func body(_ escape: Escape, marker: String) -> String {
        switch escape {
        case .setsid:
            "setsid sh -c 'sleep 60; :' \(marker) </dev/null >/dev/null 2>&1 &"
        case .twice:
            "setsid sh -c 'setsid sh -c \"sleep 60; :\" \(marker)-inner </dev/null >/dev/null 2>&1 & sleep 60; :' \(marker) </dev/null >/dev/null 2>&1 &"
        case .orphanedGrandchild:
            "setsid sh -c '(sh -c \"sleep 60; :\" \(marker)-grandchild &); :' \(marker) </dev/null >/dev/null 2>&1 &\nsleep 0.5"
        }
    }

    @Test(arguments: Escape.allCases)
    func aProcessThatLeftTheChecksGroupEndsWithTheCheck(_ escape: Escape) throws {
        try #require(ProcessTable.isAvailable)
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = "duo-new-orphan-\(UUID().uuidString.prefix(8))"
        let templates = try Self.recipe(in: harness, body: Self.body(escape, marker: marker))
        let run = try harness.run(["basic", "Sitter", "com.example.sitter", "A", "--templates", templates.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let living = ProcessTable.living(withMarker: marker)
        #expect(living.isEmpty, "outlived its check: \(living.map(\.commandLine))")
        for entry in living { kill(entry.pid, SIGKILL) }

        // `duo-new check` runs the same loop.
        let check = try harness.run(["check", "A", "--templates", templates.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let again = ProcessTable.living(withMarker: marker)
        #expect(again.isEmpty, "outlived 'duo-new check': \(again.map(\.commandLine))")
        for entry in again { kill(entry.pid, SIGKILL) }
    }

    @Test func aSignalToDuoNewStopsWhatTheCheckHid() throws {
        try #require(ProcessTable.isAvailable)
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = "duo-new-orphan-\(UUID().uuidString.prefix(8))"
        let templates = try Self.recipe(in: harness, body: Self.body(.setsid, marker: marker) + "\nsleep 60")
        let process = try harness.launch(["basic", "Sitter", "com.example.sitter", "A", "--templates", templates.path])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(ProcessTable.waitFor(marker: marker, seconds: 20) != nil, "the check started its hidden process")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let living = ProcessTable.living(withMarker: marker)
        #expect(living.isEmpty, "outlived duo-new: \(living.map(\.commandLine))")
        for entry in living { kill(entry.pid, SIGKILL) }
    }
}
