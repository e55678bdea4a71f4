import Foundation

/// A self-timer: how many whole seconds are left at a given time.
///
/// A running countdown keeps its start time rather than ticking, so the main preview and the
/// subject view on the outer display always agree, and a fold or unfold mid-count loses
/// nothing. A held one (launched with `-holdCountdown`) has not started: it shows its full
/// length and never finishes until `released(at:)` starts it, so a UI test can look at it,
/// measure the studio around it or cancel it without racing the clock.
nonisolated struct Countdown: Sendable, Equatable {
    let seconds: Int
    /// When it started; nil while it is held.
    let startedAt: TimeInterval?

    /// A countdown running from `startedAt`.
    init(seconds: Int, startedAt: TimeInterval) {
        self.init(seconds: seconds, start: startedAt)
    }

    private init(seconds: Int, start: TimeInterval?) {
        self.seconds = seconds
        self.startedAt = start
    }

    /// A countdown that waits at its full length until it is released.
    static func held(seconds: Int) -> Countdown {
        Countdown(seconds: seconds, start: nil)
    }

    var isHeld: Bool {
        startedAt == nil
    }

    /// The same countdown, running from `now`; a running one is returned unchanged.
    func released(at now: TimeInterval) -> Countdown {
        isHeld ? Countdown(seconds: seconds, startedAt: now) : self
    }

    /// When it ends; nil while it is held.
    var deadline: TimeInterval? {
        startedAt.map { $0 + TimeInterval(seconds) }
    }

    /// Whole seconds left, rounded up: 10 at the start, 1 in the last second, 0 when done.
    func secondsLeft(at now: TimeInterval) -> Int {
        guard let deadline else { return seconds }
        let left: TimeInterval = deadline - now
        if left <= 0 {
            return 0
        }
        return min(seconds, Int(left.rounded(.up)))
    }

    func isFinished(at now: TimeInterval) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }

    /// The big number on the preview and on the outer display.
    func text(at now: TimeInterval) -> String {
        String(secondsLeft(at: now))
    }
}
