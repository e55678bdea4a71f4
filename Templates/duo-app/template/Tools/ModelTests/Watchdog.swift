import Foundation

/// Ends the model tests when one group of checks runs too long, naming the group.
///
/// A check that awaits something that never happens (a countdown on a clock nobody moves, a
/// delegate that never calls back) would otherwise hang the program, and whoever ran it (you,
/// CI, duo-new after generating) would wait with no word of where. The watch runs on a thread
/// of its own, so it fires whether the main actor is suspended or spinning.
///
/// Lanes of groups running side by side (`Checker.concurrently`) are each timed; the first group
/// past its limit is named. Lines of groups in lanes are printed when all lanes are done, so a
/// lane that hangs ends the program before they are.
///
/// The limit is 60 seconds a group, far above what any group takes; `MODEL_TESTS_GROUP_TIMEOUT`
/// sets another (in seconds; `0` or `off` turns the watch off, for a debugger session).
nonisolated final class Watchdog: @unchecked Sendable {
    static let defaultLimit: TimeInterval = 60
    static let environmentKey: String = "MODEL_TESTS_GROUP_TIMEOUT"

    /// What an unusable `MODEL_TESTS_GROUP_TIMEOUT` looked like.
    nonisolated struct BadLimit: Error, Sendable {
        let text: String

        var message: String {
            "model-tests: \(Watchdog.environmentKey) must be a number of seconds above 0, or 0 or off for no limit; got '\(text)'"
        }
    }

    let limit: TimeInterval
    /// Guards `running`, and wakes the watching thread when it changes.
    private let condition: NSCondition = NSCondition()
    /// The group each lane is running and when it must end, by lane (0: the program's own).
    private var running: [Int: (group: String, deadline: Date)] = [:]

    /// The watch `environment` asks for: nil when it turns the watch off.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(BadLimit) -> Watchdog? {
        guard let text = environment[environmentKey]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return Watchdog(limit: defaultLimit)
        }
        if text.lowercased() == "off" {
            return nil
        }
        guard let seconds = TimeInterval(text), seconds.isFinite, seconds >= 0 else {
            throw BadLimit(text: text)
        }
        return seconds == 0 ? nil : Watchdog(limit: seconds)
    }

    init(limit: TimeInterval) {
        self.limit = limit
        let thread: Thread = Thread { [self] in
            watch()
        }
        thread.name = "model-tests watchdog"
        thread.start()
    }

    /// A group began in `lane`: it has `limit` seconds from now.
    func started(_ name: String, lane: Int = 0) {
        condition.lock()
        running[lane] = (group: name, deadline: Date(timeIntervalSinceNow: limit))
        condition.broadcast()
        condition.unlock()
    }

    /// The last group of `lane` ended; nothing in it is timed any more.
    func stopped(lane: Int = 0) {
        condition.lock()
        running[lane] = nil
        condition.broadcast()
        condition.unlock()
    }

    private func watch() {
        condition.lock()
        while true {
            // The group whose time ends first (the lower lane on a tie).
            let next: (group: String, deadline: Date)? = running.sorted { $0.key < $1.key }.map(\.value)
                .min { $0.deadline < $1.deadline }
            if let (name, deadline) = next, Date() >= deadline {
                let seconds: String = limit == limit.rounded() ? String(Int(limit)) : String(limit)
                print("")
                print("model-tests: the group '\(name)' did not finish within \(seconds) s: a check in it is waiting for something that never happens (a clock that is never moved, a callback that never comes); \(Watchdog.environmentKey) sets the limit in seconds")
                fflush(nil)
                exit(1)
            }
            if let next {
                // At most an hour at a time: Foundation on Linux traps on a wait that ends too far ahead.
                _ = condition.wait(until: min(next.deadline, Date(timeIntervalSinceNow: 3600)))
            } else {
                condition.wait()
            }
        }
    }
}
