import Foundation

/// Collects the outcome of every check. It prints one line per group of checks (one per
/// check with `--verbose`), every failure with what was seen, and the final count. A group
/// that runs longer than the watchdog allows ends the program (see `Watchdog`).
///
/// Groups that wait on actors can run side by side (`concurrently`): each lane reports to a
/// checker of its own that keeps its lines, printed in lane order once all are done, so the
/// output is the same as when they run one after another.
final class Checker {
    private(set) var passed: Int = 0
    private(set) var failures: [String] = []
    private let verbose: Bool
    private var group: String = ""
    private var groupPassed: Int = 0
    private var groupFailed: Int = 0
    private let watchdog: Watchdog?
    /// The watchdog's name for this checker's lane: 0 for the program's own.
    private let lane: Int
    private static var lanesMade: Int = 0
    /// A lane's lines, kept until `concurrently` prints them; nil prints each line at once.
    private var kept: [String]?

    init(verbose: Bool) {
        self.verbose = verbose
        lane = 0
        kept = nil
        do {
            watchdog = try Watchdog.fromEnvironment()
        } catch {
            print(error.message)
            exit(64)
        }
    }

    private init(laneOf parent: Checker, number: Int) {
        verbose = parent.verbose
        watchdog = parent.watchdog
        lane = number
        kept = []
    }

    /// Starts a group, closing the one before.
    func begin(_ name: String) {
        finishGroup()
        group = name
        watchdog?.started(name, lane: lane)
        if verbose {
            say("\n\(name)")
        }
    }

    /// One check: passes when `condition` holds; `detail` says what was seen when it does not.
    func check(_ name: String, _ condition: Bool, _ detail: @autoclosure () -> String = "") {
        let fullName: String = group.isEmpty ? name : "\(group): \(name)"
        if condition {
            passed += 1
            groupPassed += 1
            if verbose {
                say("  ok    \(name)")
            }
            return
        }
        let seen: String = detail()
        groupFailed += 1
        failures.append(seen.isEmpty ? fullName : "\(fullName) (\(seen))")
        say("  FAIL  \(verbose ? name : fullName)\(seen.isEmpty ? "" : " — \(seen)")")
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

    /// Runs each lane's groups at the same time as the other lanes', each lane in order and
    /// with a checker of its own, then reports them as if the lanes had run one after another.
    /// For groups that spend their time awaiting actors (a recording's frames are encoded on
    /// the stand-in camera's actor): on the main actor they take turns at each `await`, while
    /// the actors' work runs on both cores. A lane of plain groups can run beside them on the
    /// main actor while they wait; an `await Task.yield()` between its groups lets a waiting
    /// lane carry on. Lanes must not share anything they change.
    func concurrently(_ lanes: @MainActor (Checker) async -> Void...) async {
        finishGroup()
        group = ""
        watchdog?.stopped(lane: lane)
        let checkers: [Checker] = lanes.map { _ in
            Checker.lanesMade += 1
            return Checker(laneOf: self, number: Checker.lanesMade)
        }
        await withTaskGroup(of: Void.self) { tasks in
            for (body, checker) in zip(lanes, checkers) {
                tasks.addTask {
                    await body(checker)
                    await checker.finishLane()
                }
            }
        }
        for checker in checkers {
            for line in checker.kept ?? [] {
                say(line)
            }
            passed += checker.passed
            failures += checker.failures
        }
    }

    private func finishLane() {
        finishGroup()
        group = ""
        watchdog?.stopped(lane: lane)
    }

    /// Prints the last group's line, the failed checks and `N passed, M failed`; true if all passed.
    func finish() -> Bool {
        watchdog?.stopped(lane: lane)
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
            say("\(group): \(groupPassed) passed\(failed)")
        }
        groupPassed = 0
        groupFailed = 0
    }

    private func say(_ line: String) {
        if kept == nil {
            print(line)
        } else {
            kept?.append(line)
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
