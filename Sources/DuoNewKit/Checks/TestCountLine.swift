import DuoNewCore

/// Reads the counts that test programs print: the `N passed, M failed` line of a plain test
/// program, or Swift Testing's (`swift test`) lines, read by `SwiftTestingCounts`.
enum TestCountLine {
    /// Lines longer than this are not looked at: no test program prints a count line so long.
    static let maximumLength = 256

    /// The counts in a line such as `104 passed, 0 failed` or `Model: 3 passed, 1 failed, 2 skipped`.
    static func parse(_ line: String) -> (passed: Int, failed: Int)? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard let passedAt = words.firstIndex(of: "passed"), passedAt > 0,
              let failedAt = words.firstIndex(of: "failed"), failedAt == passedAt + 2,
              let passed = count(words[passedAt - 1]), let failed = count(words[failedAt - 1])
        else { return nil }
        return (passed, failed)
    }

    /// A count of tests as a program prints it: a whole number, never below zero. The line is
    /// whatever the check's command printed, so `-9223372036854775808` is no count.
    static func count(_ word: some StringProtocol) -> Int? {
        Int(word).flatMap { $0 >= 0 ? $0 : nil }
    }
}

/// The tests that passed and failed in a `swift test` run, from Swift Testing's lines: one per
/// failed test (`✘ Test "Layout" failed after 0.2 seconds with 1 issue.`), then the run's
/// (`✔ Test run with 31 tests in 0 suites passed after 4.0 seconds.`, or `✘ … failed after 4.0
/// seconds with 3 issues.`). Swift Testing prints no count of expectations, so tests are what
/// is counted. The symbol before `Test` differs between platforms and is not read.
struct SwiftTestingCounts {
    private var failedTests = 0

    /// Reads one line; returns the counts when it is the run's closing line.
    mutating func read(_ line: String) -> (passed: Int, failed: Int)? {
        let words = line.split(separator: " ").dropFirst()
        guard words.first == "Test" else { return nil }
        let rest = Array(words.dropFirst())
        if rest.count >= 7, rest[0] == "run", rest[1] == "with", let tests = TestCountLine.count(rest[2]),
           rest[3] == "tests" || rest[3] == "test", rest.contains("after"),
           let outcome = rest.first(where: { $0 == "passed" || $0 == "failed" }) {
            // At least one failed in a failed run, and never more than ran.
            let failed = outcome == "passed" ? 0 : min(max(1, failedTests), tests)
            return (tests - failed, failed)
        }
        if rest.first != "case", let at = rest.firstIndex(of: "failed"), rest.index(after: at) < rest.endIndex, rest[rest.index(after: at)] == "after" {
            failedTests += 1
        }
        return nil
    }
}
