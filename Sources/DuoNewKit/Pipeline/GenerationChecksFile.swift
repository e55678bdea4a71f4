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
    public static let fileName = "GENERATION-CHECKS.md"

    public enum Outcome: Sendable, Hashable {
        case passed(tests: (passed: Int, failed: Int)?, seconds: Double)
        case failed(exitCode: Int32?, reason: String?, seconds: Double)
        case skipped(reason: String)
        case notRun(reason: String)
        case interrupted(reason: String)

        public static func == (lhs: Outcome, rhs: Outcome) -> Bool { lhs.text == rhs.text }
        public func hash(into hasher: inout Hasher) { hasher.combine(text) }

        /// The outcome in a few words, as the table shows it.
        public var text: String {
            switch self {
            case .passed(let tests, let seconds):
                "passed in \(Self.seconds(seconds))" + (tests.map { " (\($0.passed) passed, \($0.failed) failed)" } ?? "")
            case .failed(let exitCode, let reason, let seconds):
                "**failed** " + (reason ?? exitCode.map { "(exit \($0))" } ?? "") + " after \(Self.seconds(seconds))"
            case .skipped(let reason): "skipped: \(reason)"
            case .notRun(let reason): "not run: \(reason)"
            case .interrupted(let reason): "**\(reason)**"
            }
        }

        private static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
    }

    public struct Entry: Sendable, Hashable {
        public var check: String
        public var outcome: Outcome

        public init(check: String, outcome: Outcome) {
            self.check = check
            self.outcome = outcome
        }
    }

    public var generator: String
    public var recipe: String
    public var version: String
    /// The operating system and processor, as `uname` names them (`Linux x86_64`).
    public var machine: String
    public var entries: [Entry]
    /// The checks that never had their turn (a signal stopped the run before them).
    public var notReached: [String]

    public init(generator: String, recipe: String, version: String, machine: String = Self.thisMachine, entries: [Entry], notReached: [String] = []) {
        self.generator = generator
        self.recipe = recipe
        self.version = version
        self.machine = machine
        self.entries = entries
        self.notReached = notReached
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
        var lines = [
            "# What ran when this project was generated", "",
            "Written by \(generator) right after it generated this project from \(recipe) \(version), on \(machine).",
            "It lists the recipe's checks as they ended there; nothing else was run or verified at generation.", "",
            "| check | outcome |", "|---|---|",
        ]
        lines += entries.map { "| \(Self.cell($0.check)) | \(Self.cell($0.outcome.text)) |" }
        lines += notReached.map { "| \(Self.cell($0)) | not reached: the run was stopped before it |" }
        lines += ["", "`duo-new check .` in this folder runs the checks again (with `--with NAME` for an opt-in one)."]
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
