import Foundation

/// A running self-timer: how many whole seconds are left at a given time.
///
/// It keeps its start time rather than ticking, so the main preview and the subject view on
/// the outer display always agree, and a fold or unfold mid-count loses nothing.
nonisolated struct Countdown: Sendable, Equatable {
    let seconds: Int
    let startedAt: TimeInterval

    var deadline: TimeInterval {
        startedAt + TimeInterval(seconds)
    }

    /// Whole seconds left, rounded up: 10 at the start, 1 in the last second, 0 when done.
    func secondsLeft(at now: TimeInterval) -> Int {
        let left: TimeInterval = deadline - now
        if left <= 0 {
            return 0
        }
        return min(seconds, Int(left.rounded(.up)))
    }

    func isFinished(at now: TimeInterval) -> Bool {
        now >= deadline
    }

    /// The big number on the preview and on the outer display.
    func text(at now: TimeInterval) -> String {
        String(secondsLeft(at: now))
    }
}
