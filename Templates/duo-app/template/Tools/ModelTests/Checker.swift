import Foundation

/// Collects the outcome of every check. It prints one line per group of checks (one per
/// check with `--verbose`), every failure with what was seen, and the final count. A group
/// that runs longer than the watchdog allows ends the program (see `Watchdog`).
final class Checker {
    private(set) var passed: Int = 0
    private(set) var failures: [String] = []
    private let verbose: Bool
    private var group: String = ""
    private var groupPassed: Int = 0
    private var groupFailed: Int = 0
    private let watchdog: Watchdog?

    init(verbose: Bool) {
        self.verbose = verbose
        do {
            watchdog = try Watchdog.fromEnvironment()
        } catch {
            print(error.message)
            exit(64)
        }
    }

    /// Starts a group, closing the one before.
    func begin(_ name: String) {
        finishGroup()
        group = name
        watchdog?.started(name)
        if verbose {
            print("\n\(name)")
        }
    }

    /// One check: passes when `condition` holds; `detail` says what was seen when it does not.
    func check(_ name: String, _ condition: Bool, _ detail: @autoclosure () -> String = "") {
        let fullName: String = group.isEmpty ? name : "\(group): \(name)"
        if condition {
            passed += 1
            groupPassed += 1
            if verbose {
                print("  ok    \(name)")
            }
            return
        }
        let seen: String = detail()
        groupFailed += 1
        failures.append(seen.isEmpty ? fullName : "\(fullName) (\(seen))")
        print("  FAIL  \(verbose ? name : fullName)\(seen.isEmpty ? "" : " — \(seen)")")
    }

    func equal<T: Equatable>(_ name: String, _ actual: T, _ expected: T) {
        check(name, actual == expected, "got \(actual), expected \(expected)")
    }

    /// Records results computed away from the main actor.
    func record(_ results: [OffActorResult]) {
        for result in results {
            check(result.name, result.passed, result.detail)
        }
    }

    /// Prints the last group's line, the failed checks and `N passed, M failed`; true if all passed.
    func finish() -> Bool {
        watchdog?.stopped()
        finishGroup()
        print("")
        if !failures.isEmpty {
            print("Failed checks:")
            for failure in failures {
                print("  - \(failure)")
            }
        }
        print("\(passed) passed, \(failures.count) failed")
        return failures.isEmpty
    }

    private func finishGroup() {
        if !group.isEmpty, !verbose {
            let failed: String = groupFailed > 0 ? ", \(groupFailed) failed" : ""
            print("\(group): \(groupPassed) passed\(failed)")
        }
        groupPassed = 0
        groupFailed = 0
    }
}

/// A check's outcome, computed off the main actor and reported on it.
nonisolated struct OffActorResult: Sendable {
    let name: String
    let passed: Bool
    let detail: String

    init(_ name: String, _ passed: Bool, _ detail: String = "") {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
