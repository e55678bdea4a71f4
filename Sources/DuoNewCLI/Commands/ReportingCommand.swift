import DuoNewCore
import DuoNewKit
import Foundation

/// A command that ends with one report: its failure printed as every command prints one (a
/// usage error with the command's usage line, anything else as `error: …` after its
/// diagnostics), and with `--json` the report on standard output, whatever the outcome.
/// Generation, `check` and `update` share this ending.
protocol ReportingCommand {
    associatedtype Report: CommandReport
    var report: Report { get set }
    var console: Console { get }
    /// `--json`: print the report.
    var printsReport: Bool { get }
    /// The command word a usage error's usage line is about (nil: generating a project).
    static var commandWord: String? { get }
    /// A usage line of the command's own run, instead of the command word's (nil: none).
    var usageLine: String? { get }
    /// Does the work; a `CommandFailure` is reported by `run()`.
    mutating func perform() throws(CommandFailure) -> ExitCode
}

extension ReportingCommand {
    var usageLine: String? { nil }

    mutating func run() -> ExitCode {
        let code: ExitCode
        do {
            code = try perform()
        } catch {
            if error.code == .usage {
                // Values checked against the recipe after parsing (`--set`, `--with`) read like any usage error.
                for detail in error.details { console.diagnostic(detail) }
                UsageError.report(error.message, command: Self.commandWord, usage: usageLine, on: console)
            } else {
                console.report(error)
            }
            report.error = error.message
            if !error.details.isEmpty { report.diagnostics = error.details.map(\.rendered) }
            code = error.code
        }
        report.exitCode = code.rawValue
        if printsReport { console.result(report.encoded()) }
        return code
    }
}

/// The JSON object a `ReportingCommand` prints: its exit code, and on a failure the message and
/// the diagnostics behind it.
protocol CommandReport: Encodable {
    var exitCode: Int32 { get set }
    var error: String? { get set }
    var diagnostics: [String]? { get set }
}

extension CommandReport {
    /// Pretty, keys sorted, slashes as they are.
    func encoded() -> String {
        PrettyJSON.text(self, fallback: "{\"exitCode\": \(exitCode)}")
    }
}

/// The JSON object of a command line refused before any command ran (a usage error, an
/// argument that is not UTF-8, a prompt's refusal): its exit code and why.
struct RefusalReport: CommandReport {
    var exitCode: Int32
    var error: String?
    var diagnostics: [String]?

    /// `failure` with the `file:line:column` lines behind it, as a `ReportingCommand` reports one.
    init(_ failure: CommandFailure) {
        exitCode = failure.code.rawValue
        error = failure.message
        diagnostics = failure.details.isEmpty ? nil : failure.details.map(\.rendered)
    }
}
