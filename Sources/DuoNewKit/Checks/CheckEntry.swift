import DuoNewCore

/// A check's or a task's entry in a `--json` report, made from what the runner says of it.
public struct CheckEntry: Encodable, Sendable, Equatable {
    public var name: String
    /// `passed`, `failed`, `not-run`, `interrupted`, `skipped` or (a task after one that did not
    /// pass) `not-reached`.
    public var status: String
    public var exitCode: Int32?
    public var passed: Int?
    public var failed: Int?
    public var seconds: Double
    public var reason: String?

    /// One that did not get its turn: skipped, or not reached after a task that failed.
    public static func withoutRun(_ name: String, status: String, reason: String) -> CheckEntry {
        CheckEntry(name: name, status: status, exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: reason)
    }

    /// The entry of a check the runner ran (or could not start), with its counts of tests when
    /// it printed them; the reason is what its line shows after the name.
    public init(_ result: CheckResult, of name: String) {
        self.init(name: name, status: result.statusName, exitCode: nil, passed: result.passedCount, failed: result.failedCount, seconds: (result.seconds * 1000).rounded() / 1000, reason: result.reason)
        if case .failed(let code) = result.status { exitCode = code }
    }

    /// The entry of a task the runner ran: as a check's, but a task's output counts no tests.
    public init(task result: CheckResult, of name: String) {
        self.init(result, of: name)
        (passed, failed) = (nil, nil)
    }

    private init(name: String, status: String, exitCode: Int32?, passed: Int?, failed: Int?, seconds: Double, reason: String?) {
        (self.name, self.status, self.exitCode, self.passed, self.failed, self.seconds, self.reason) = (name, status, exitCode, passed, failed, seconds, reason)
    }
}
