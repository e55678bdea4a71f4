import Foundation

/// Ends the model tests when one group of checks runs too long, naming the group.
///
/// A check that awaits something that never happens (a countdown on a clock nobody moves, a
/// delegate that never calls back) would otherwise hang the program, and whoever ran it (you,
/// CI, duo-new after generating) would wait with no word of where. The watch runs on a thread
/// of its own, so it fires whether the main actor is suspended or spinning.
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
    /// Guards `group` and `deadline`, and wakes the watching thread when they change.
    private let condition: NSCondition = NSCondition()
    private var group: String?
    private var deadline: Date = .distantFuture

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

    /// A group began: it has `limit` seconds from now.
    func started(_ name: String) {
        condition.lock()
        group = name
        deadline = Date(timeIntervalSinceNow: limit)
        condition.broadcast()
        condition.unlock()
    }

    /// The last group ended; nothing is timed any more.
    func stopped() {
        condition.lock()
        group = nil
        deadline = .distantFuture
        condition.broadcast()
        condition.unlock()
    }

    private func watch() {
        condition.lock()
        while true {
            if let name = group, Date() >= deadline {
                let seconds: String = limit == limit.rounded() ? String(Int(limit)) : String(limit)
                print("")
                print("model-tests: the group '\(name)' did not finish within \(seconds) s: a check in it is waiting for something that never happens (a clock that is never moved, a callback that never comes); \(Watchdog.environmentKey) sets the limit in seconds")
                fflush(nil)
                exit(1)
            }
            if group == nil {
                condition.wait()
            } else {
                // At most an hour at a time: Foundation on Linux traps on a wait that ends too far ahead.
                _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 3600)))
            }
        }
    }
}
