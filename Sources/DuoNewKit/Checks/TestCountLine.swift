import DuoNewCore

/// Reads the `N passed, M failed` line that test programs print last.
enum TestCountLine {
    /// Lines longer than this are not looked at: no test program prints a count line so long.
    static let maximumLength = 256

    /// The counts in a line such as `104 passed, 0 failed` or `Model: 3 passed, 1 failed, 2 skipped`.
    static func parse(_ line: String) -> (passed: Int, failed: Int)? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard let passedAt = words.firstIndex(of: "passed"), passedAt > 0,
              let failedAt = words.firstIndex(of: "failed"), failedAt == passedAt + 2,
              let passed = Int(words[passedAt - 1]), let failed = Int(words[failedAt - 1])
        else { return nil }
        return (passed, failed)
    }
}
