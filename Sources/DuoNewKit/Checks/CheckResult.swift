import DuoNewCore

/// What happened when one after-generation check ran.
public struct CheckResult: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed(exitCode: Int32)
        /// The check could not start (its command is missing, or a tool it needs is); the reason says what to install.
        case notRun(reason: String)
        /// Still running after its timeout; its processes were stopped.
        case timedOut(seconds: Double)
        /// SIGINT, SIGTERM or SIGHUP reached duo-new while it ran; passed on, its processes stopped.
        case interrupted(signal: Int32)
        /// Not started: this machine lacks what the check needs, or it is opt-in and was not asked
        /// for. The reason says which; a skip changes no exit code unless `--require-all`.
        case skipped(reason: String)
    }

    public var name: String
    public var status: Status
    public var seconds: Double
    /// From a final `N passed, M failed` line, when the check prints one.
    public var passedCount: Int?
    public var failedCount: Int?

    public init(name: String, status: Status, seconds: Double, passedCount: Int? = nil, failedCount: Int? = nil) {
        self.name = name
        self.status = status
        self.seconds = seconds
        self.passedCount = passedCount
        self.failedCount = failedCount
    }

    public var passed: Bool { status == .passed }

    /// `passed`, `failed`, `not-run`, `interrupted` or `skipped`, as `--json` reports it.
    public var statusName: String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .notRun: "not-run"
        case .timedOut: "failed"
        case .interrupted: "interrupted"
        case .skipped: "skipped"
        }
    }

    /// Why it did not pass or was not judged, in the words every report uses (the terminal's
    /// line, `--json`'s `reason`, a task's error); nil when it passed or failed with an exit code.
    public var reason: String? {
        switch status {
        case .passed, .failed: nil
        case .notRun(let why), .skipped(let why): why
        case .timedOut(let seconds): "timed out after \(Int(seconds)) s; it was stopped"
        case .interrupted(let signal): "interrupted by \(Interruption.name(of: signal)); it was stopped"
        }
    }

    /// How the generation's closing error names this check, when it did not pass.
    public var failure: String? {
        switch status {
        case .passed, .interrupted, .skipped: nil
        case .failed(let code): "'\(name)' failed (exit \(code))"
        case .notRun(let why): "'\(name)' could not run: \(why)"
        case .timedOut(let seconds): "'\(name)' timed out after \(Int(seconds)) s"
        }
    }
}
