#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// One-time tasks (`tasks:`): run once after writing and before the checks, with the values in
/// their environment; never by `duo-new check`; skipped with `--no-tasks`; a failed one keeps the
/// project, exits 1 and says how to run it again; from git, run only with consent.
@Suite("One-time tasks")
struct TaskTests {
    /// A recipe in `T/tasks` whose first task appends its values to `TASK-RAN` (one line a run),
    /// whose second task exits with `failing`, and whose check leaves `CHECK-RAN`.
    private static func recipe(in harness: EndToEndHarness, failing: Int = 0) throws {
        let root = harness.url("T/tasks")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("# __APP_NAME__\n".utf8).write(to: root.appendingPathComponent("template/README.md"))
        let manifest = """
            name: tasks
            summary: Tasks.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
              BUNDLE_ID: {from: bundle-id}
              GREETING: {from: set, default: Hello}
            tasks:
              - name: note
                run: echo "$DUO_NEW_APP_NAME $DUO_NEW_BUNDLE_ID $DUO_NEW_GREETING" >> TASK-RAN
              - name: second
                run: exit \(failing)
            checks:
              - name: ran
                run: ": > CHECK-RAN"

            """
        try Data(manifest.utf8).write(to: root.appendingPathComponent("template.yaml"))
    }

    private static func generate(_ harness: EndToEndHarness, _ options: [String] = [], templates: String? = nil, environment: [String: String] = [:]) throws -> EndToEndHarness.Run {
        try harness.run(["tasks", "Sitter", "com.example.sitter", "S", "--templates", templates ?? harness.url("T").path] + options, environment: environment)
    }

    @Test func aTaskRunsOnceAtGenerationWithTheValuesAndNeverOnCheck() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let run = try Self.generate(harness, ["--set", "greeting=Hi", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("S/TASK-RAN") == "Sitter com.example.sitter Hi\n")
        #expect(FileManager.default.fileExists(atPath: harness.url("S/CHECK-RAN").path))
        #expect(run.stdout.contains("\"tasks\" : ["), "\(run.stdout)")
        #expect(run.stdout.contains("\"name\" : \"note\""))
        let report = try harness.text("S/GENERATION-CHECKS.md")
        #expect(report.contains("| task | outcome |\n|---|---|\n| note | passed in"), "\(report)")
        #expect(report.contains("| ran | passed in"))

        let check = try harness.run(["check", "S"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try harness.text("S/TASK-RAN") == "Sitter com.example.sitter Hi\n")
    }

    @Test func aFailedTaskKeepsTheProjectExitsOneAndSaysHowToRunItAgain() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness, failing: 3)
        let run = try Self.generate(harness)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: generated Sitter in S, but the task 'second' failed (exit 3); the project is kept, and its checks did not run; "), "\(run.stderr)")
        #expect(run.stderr.contains("(cd S && DUO_NEW_APP_NAME=Sitter DUO_NEW_BUNDLE_ID=com.example.sitter DUO_NEW_GREETING=Hello sh -c 'exit 3')"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: harness.url("S/README.md").path))
        #expect(!FileManager.default.fileExists(atPath: harness.url("S/CHECK-RAN").path))
        #expect(try harness.text("S/GENERATION-CHECKS.md").contains("| second | **failed** (exit 3)"))
    }

    /// With `--json` the error's "commands below" are in the report too (`rerun`, after
    /// `error`), for a script that reads standard output alone; generation and update alike.
    @Test func aFailedTasksCommandsAreInTheJSONReport() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness, failing: 3)
        let run = try Self.generate(harness, ["--json"])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["rerun"] as? [String] == ["(cd S && DUO_NEW_APP_NAME=Sitter DUO_NEW_BUNDLE_ID=com.example.sitter DUO_NEW_GREETING=Hello sh -c 'exit 3')"])

        let manifest = harness.url("T/tasks/template.yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0").replacingOccurrences(of: "run: exit 3", with: "on: [update]\n    run: exit 4").utf8).write(to: manifest)
        let update = try harness.run(["update", "S", "--templates", harness.url("T").path, "--json"])
        #expect(update.status == 1, "\(update.stderr)")
        let updated = try #require(try JSONSerialization.jsonObject(with: Data(update.stdout.utf8)) as? [String: Any])
        #expect((updated["rerun"] as? [String])?.first?.hasSuffix("sh -c 'exit 4')") == true, "\(update.stdout)")
    }

    @Test func noTasksSkipsThemAndSaysSo() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let run = try Self.generate(harness, ["--no-tasks", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("S/TASK-RAN").path))
        #expect(run.stdout.contains("\"tasksSkipped\" : true"), "\(run.stdout)")
    }

    @Test func aRecipeFromGitRunsItsTasksOnlyWithConsentAndSaysHowToRunThem() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        for arguments in [["init", "--quiet", "--initial-branch=main"], ["add", "."], ["commit", "--quiet", "-m", "first"]] {
            let git = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: harness.url("T")
            )
            #expect(git.status == 0, "\(git.transcript)")
        }
        let environment = ["XDG_CACHE_HOME": harness.url("cache").path, "HOME": harness.url("home").path, "XDG_CONFIG_HOME": harness.url("cfg").path]
        let url = "git+file://" + harness.url("T").path
        let withheld = try Self.generate(harness, templates: url, environment: environment)
        #expect(withheld.status == 0, "\(withheld.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("S/TASK-RAN").path))
        #expect(withheld.stdout.contains("task note not run: the recipe comes from '\(url)' and its tasks would run its commands on this machine; if you trust it, generate again with --trust --replace"), "\(withheld.stdout)")
        #expect(withheld.stdout.contains("Tasks not run, still to do"))
        #expect(withheld.stdout.contains("(cd S && DUO_NEW_APP_NAME=Sitter"))

        // With --quiet the tasks still to do go to standard error: the project is not finished.
        try FileManager.default.removeItem(at: harness.url("S"))
        let quiet = try Self.generate(harness, ["-q"], templates: url, environment: environment)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        #expect(quiet.stderr.contains("Tasks not run, still to do") && quiet.stderr.contains("(cd S && DUO_NEW_APP_NAME=Sitter"), "\(quiet.stderr)")

        try FileManager.default.removeItem(at: harness.url("S"))
        let trusted = try Self.generate(harness, ["--trust"], templates: url, environment: environment)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(try harness.text("S/TASK-RAN") == "Sitter com.example.sitter Hello\n")
    }

    @Test func updateRunsOnlyTheTasksThatSaySo() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let manifest = harness.url("T/tasks/template.yaml")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "    run: exit 0\n", with: "    run: echo \"$DUO_NEW_GREETING\" >> AGAIN\n    on: [generate, update]\n")
        try Data(text.utf8).write(to: manifest)
        #expect(try Self.generate(harness).status == 0)
        try Data(text.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0").utf8).write(to: manifest)
        let update = try harness.run(["update", "S", "--templates", harness.url("T").path, "--json"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try harness.text("S/TASK-RAN") == "Sitter com.example.sitter Hello\n", "the task without 'update' ran once")
        #expect(try harness.text("S/AGAIN") == "Hello\nHello\n")
        #expect(update.stdout.contains("\"name\" : \"second\""), "\(update.stdout)")
        let again = try harness.run(["update", "S", "--templates", harness.url("T").path])
        #expect(again.status == 0 && again.stdout.contains("already up to date"), "\(again.stdout)\(again.stderr)")
        #expect(try harness.text("S/AGAIN") == "Hello\nHello\n", "an update that changes nothing runs no task")
    }

    /// Starts duo-new with `arguments`, its standard error read as it comes, and waits until a
    /// task whose command line holds `marker` runs.
    private static func startWithTaskRunning(_ harness: EndToEndHarness, _ arguments: [String], marker: String) throws -> (Process, EndToEndHarness.PipeReader) {
        let process = try harness.launch(arguments)
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
        #expect(ProcessTable.waitFor(marker: marker, seconds: 30) != nil, "the task started")
        return (process, stderr)
    }

    /// A signal during a generation's task: the project is kept, and the commands that run the
    /// stopped task and the one after it are printed, as for a failed task (no later command runs them).
    @Test func aSignalDuringAGenerationsTaskPrintsTheCommandsToRunTheRest() throws {
        try #require(ProcessTable.isAvailable)
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let manifest = harness.url("T/tasks/template.yaml")
        let marker = "duo-new-generation-task-\(UUID().uuidString.prefix(8))"
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "  - name: note\n", with: "  - name: slow\n    run: sh -c 'sleep 60; :' \(marker)\n  - name: note\n").utf8).write(to: manifest)
        let (process, stderr) = try Self.startWithTaskRunning(harness, ["tasks", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path], marker: marker)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message.contains("interrupted by SIGINT while the task 'slow' ran, which was stopped; the project is kept"), "\(message)")
        #expect(message.contains("run it and the 2 tasks after it again with the commands below"), "\(message)")
        for task in ["slow", "note", "second"] { #expect(message.contains("  \(task):\n"), "\(task): \(message)") }
        // The tasks after it had no turn because of the signal, not because one failed.
        let record = try harness.text("S/GENERATION-CHECKS.md")
        #expect(record.contains("| note | not reached: the run was stopped by SIGINT before it |"), "\(record)")
        #expect(FileManager.default.fileExists(atPath: harness.url("S/README.md").path), "the project is kept")
        for entry in ProcessTable.living(withMarker: marker) { kill(entry.pid, SIGKILL) }
    }

    /// While an update's task runs the project stays locked (a check exits 75); a signal then
    /// stops the task's group and ends the update with the signal's code, the update applied (the task ran on through it when a second catch of
    /// signals in one process heard nothing).
    @Test func aSignalStopsAnUpdatesTask() throws {
        try #require(ProcessTable.isAvailable)
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let manifest = harness.url("T/tasks/template.yaml")
        let marker = "duo-new-update-task-\(UUID().uuidString.prefix(8))"
        #expect(try Self.generate(harness).status == 0)
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "    run: exit 0\n", with: "    run: sh -c 'sleep 60; :' \(marker)\n    on: [update]\n")
        try Data(text.utf8).write(to: manifest)
        let (process, stderr) = try Self.startWithTaskRunning(harness, ["update", "S", "--templates", harness.url("T").path], marker: marker)
        // The task is part of the update: the project's lock is still held.
        let check = try harness.run(["check", "S", "--templates", harness.url("T").path])
        #expect(check.status == 75, "a check while the update's task runs: \(check.stderr)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(process.terminationStatus == 143, "\(message)")
        #expect(message.contains("interrupted by SIGTERM while the task 'second' ran, which was stopped; the update is applied; run it again with the commands below"), "\(message)")
        // The next update changes nothing and runs no task: the printed command is the way to run it.
        #expect(message.contains("  second:\n") && message.contains("sleep 60"), "\(message)")
        let living = ProcessTable.living(withMarker: marker)
        #expect(living.isEmpty, "left running: \(living.map(\.commandLine))")
        for entry in living { kill(entry.pid, SIGKILL) }
    }
}
