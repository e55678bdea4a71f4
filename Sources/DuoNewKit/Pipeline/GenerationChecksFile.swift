#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// `GENERATION-CHECKS.md`: what the recipe's checks did when the project was generated, written
/// into the project after they ran, from what happened. A generated README points at it rather
/// than claiming what ran, which it cannot know when it is stamped. Not part of the recipe's
/// tree nor of the record, so `update` leaves it as it is; a project generated with `--no-test`
/// has none.
public struct GenerationChecksFile: Sendable {
    public static let fileName = ReservedProjectName.checksReport

    /// A check's outcome in a few words, as the table shows it.
    static func outcome(_ result: CheckResult) -> String {
        let seconds = String(format: "%.1f s", result.seconds)
        switch result.status {
        case .passed:
            let counts = result.passedCount.map { " (\($0) passed, \(result.failedCount ?? 0) failed)" } ?? ""
            return "passed in \(seconds)\(counts)"
        case .failed(let exitCode): return "**failed** (exit \(exitCode)) after \(seconds)"
        case .timedOut: return "**failed**: " + (result.reason ?? "timed out")
        case .notRun(let reason): return "not run: \(reason)"
        case .interrupted(let signal): return "**interrupted by \(Interruption.name(of: signal))**; it was stopped"
        case .skipped(let reason): return "skipped: \(reason)"
        }
    }

    public var generator: String
    public var recipe: String
    public var version: String
    /// The operating system and processor, as `uname` names them (`Linux x86_64`).
    public var machine: String
    /// Each check that had its turn, in order, skipped ones included.
    public var results: [CheckResult]
    /// The checks that never had their turn (a signal stopped the run before them).
    public var notReached: [String]
    /// The one-time tasks that had their turn, in order, and those after one that failed.
    public var tasks: [CheckResult] = []
    public var tasksNotReached: [String] = []
    /// Why: a task before them did not pass, or a signal stopped the run.
    public var tasksNotReachedReason = "an earlier task did not pass"
    /// The recipe's one-time tasks left out with `--no-tasks`: they did not run, and this file,
    /// which says what ran, must say so rather than leave them unmentioned.
    public var tasksSkipped: [String] = []
    /// Whether the recipe declares checks (which, with none having had its turn, did not run:
    /// `--no-test`, or a task that did not pass).
    public var checksDeclared = true

    public init(generator: String, recipe: String, version: String, machine: String = Self.thisMachine, results: [CheckResult], notReached: [String] = []) {
        self.generator = generator
        self.recipe = recipe
        self.version = version
        self.machine = machine
        self.results = results
        self.notReached = notReached
    }

    /// What ran after generating from `manifest`: the tasks' outcome, if any ran, and the checks
    /// that had their turn; when the checks' run began (`checksRan`), those it never reached.
    public init(generator: String, manifest: Manifest, tasks: TaskRun.Outcome?, checks results: [CheckResult], checksRan: Bool) {
        let reached = Set(results.map(\.name))
        self.init(
            generator: generator, recipe: manifest.name, version: manifest.version, results: results,
            notReached: checksRan ? manifest.checks.map(\.name).filter { !reached.contains($0) } : []
        )
        self.tasks = tasks?.results ?? []
        tasksNotReached = tasks?.notReached ?? []
        if let tasks { tasksNotReachedReason = tasks.notReachedReason }
        checksDeclared = !manifest.checks.isEmpty
    }

    /// This machine, as `uname -sm` prints it.
    public static var thisMachine: String {
        var names = utsname()
        guard uname(&names) == 0 else { return "an unknown machine" }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(names.sysname)) \(text(names.machine))"
    }

    /// The file's text.
    public var markdown: String {
        let hasTasks = !tasks.isEmpty || !tasksNotReached.isEmpty
        let checksHadTurns = !results.isEmpty || !notReached.isEmpty || !hasTasks
        let listed = [hasTasks ? "one-time tasks" : nil, checksHadTurns ? "checks" : nil].compactMap { $0 }.joined(separator: " and ")
        var lines = [
            "# What ran when this project was generated", "",
            "Written by \(generator) right after it generated this project from \(recipe) \(version), on \(machine).",
            "It lists the recipe's \(listed) as they ended there; nothing else was run or verified at generation.", "",
        ]
        if !tasksSkipped.isEmpty {
            let names = tasksSkipped.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            lines += ["The recipe's one-time \(tasksSkipped.count == 1 ? "task" : "tasks") (\(names)) did not run: generation was told to skip \(tasksSkipped.count == 1 ? "it" : "them") (`--no-tasks`).", ""]
        }
        if !tasks.isEmpty || !tasksNotReached.isEmpty {
            lines += ["| task | outcome |", "|---|---|"]
            lines += tasks.map { "| \(Self.cell($0.name)) | \(Self.cell(Self.outcome($0))) |" }
            lines += tasksNotReached.map { "| \(Self.cell($0)) | not reached: \(tasksNotReachedReason) |" }
            lines += [""]
        }
        if checksHadTurns {
            lines += ["| check | outcome |", "|---|---|"]
            lines += results.map { "| \(Self.cell($0.name)) | \(Self.cell(Self.outcome($0))) |" }
            lines += notReached.map { "| \(Self.cell($0)) | not reached: the run was stopped before it |" }
            lines += ["", "`duo-new check .` in this folder runs the checks again (with `--with NAME` for an opt-in one)."]
        } else {
            lines.removeLast()
            // No check had its turn: none ran, and this file must not say they did.
            if checksDeclared {
                lines += ["", "The recipe's checks did not run at generation; `duo-new check .` in this folder runs them (with `--with NAME` for an opt-in one)."]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file into `project`.
    public func write(into project: String) throws(WriteError) {
        do {
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: project).appendingPathComponent(Self.fileName), options: .atomic)
        } catch {
            throw .io(path: Self.fileName, reason: error.localizedDescription)
        }
    }

    /// A table cell: no line break, no `|` that would end it.
    private static func cell(_ text: String) -> String {
        DisplayPath.escaped(text).replacingOccurrences(of: "|", with: "\\|")
    }
}
