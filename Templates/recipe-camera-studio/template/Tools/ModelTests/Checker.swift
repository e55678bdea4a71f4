import Foundation

/// Collects the outcome of every check and prints one line each.
final class Checker {
    private(set) var passed: Int = 0
    private(set) var failures: [String] = []
    private var group: String = ""

    func begin(_ name: String) {
        group = name
        print("\n\(name)")
    }

    /// One check: passes when `condition` holds; `detail` says what was seen when it does not.
    func check(_ name: String, _ condition: Bool, _ detail: @autoclosure () -> String = "") {
        let fullName: String = group.isEmpty ? name : "\(group): \(name)"
        if condition {
            passed += 1
            print("  ok    \(name)")
        } else {
            let seen: String = detail()
            failures.append(seen.isEmpty ? fullName : "\(fullName) (\(seen))")
            print("  FAIL  \(name)\(seen.isEmpty ? "" : " — \(seen)")")
        }
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
