import Foundation

/// The time shown while recording: `0:07`, `12:03`, `1:02:03`.
nonisolated struct RecordingClock: Sendable, Equatable {
    let startedAt: TimeInterval

    func elapsed(at now: TimeInterval) -> TimeInterval {
        max(0, now - startedAt)
    }

    func text(at now: TimeInterval) -> String {
        RecordingClock.text(seconds: Int(elapsed(at: now)))
    }

    /// Minutes and seconds, with hours only once there are some.
    static func text(seconds: Int) -> String {
        let total: Int = max(0, seconds)
        let hours: Int = total / 3600
        let minutes: Int = (total % 3600) / 60
        let rest: Int = total % 60
        let secondsText: String = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 {
            let minutesText: String = minutes < 10 ? "0\(minutes)" : "\(minutes)"
            return "\(hours):\(minutesText):\(secondsText)"
        }
        return "\(minutes):\(secondsText)"
    }
}
