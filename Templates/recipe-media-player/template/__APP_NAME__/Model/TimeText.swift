import Foundation

/// Times as the player shows and speaks them.
///
/// Positions round down and remaining time rounds up, so the two always add up to the
/// duration on screen ("0:04" played, "-0:08" left of "0:12").
nonisolated enum TimeText: Sendable {
    /// `0:04`, `12:05`, `1:02:03`. Anything not a finite, positive time reads `0:00`.
    static func clock(_ seconds: TimeInterval) -> String {
        format(wholeSeconds(seconds, roundingUp: false))
    }

    /// Time left, with a minus sign: `-0:08`.
    static func remaining(_ time: TimeInterval, of duration: TimeInterval) -> String {
        "-" + format(wholeSeconds(duration - time, roundingUp: true))
    }

    /// `0:04 / 0:12`, for the scrubber's label.
    static func progress(_ time: TimeInterval, of duration: TimeInterval) -> String {
        "\(clock(time)) / \(clock(duration))"
    }

    /// For VoiceOver: `4 seconds`, `1 minute, 5 seconds`, `1 hour, 2 minutes`.
    static func spoken(_ seconds: TimeInterval) -> String {
        let total: Int = wholeSeconds(seconds, roundingUp: false)
        let hours: Int = total / 3600
        let minutes: Int = total % 3600 / 60
        let rest: Int = total % 60
        var parts: [String] = []
        if hours > 0 {
            parts.append(unit(hours, "hour"))
        }
        if minutes > 0 {
            parts.append(unit(minutes, "minute"))
        }
        if hours == 0, rest > 0 || parts.isEmpty {
            parts.append(unit(rest, "second"))
        }
        return parts.joined(separator: ", ")
    }

    /// VoiceOver's value for the scrubber: `4 seconds of 12 seconds`.
    static func spokenProgress(_ time: TimeInterval, of duration: TimeInterval) -> String {
        "\(spoken(time)) of \(spoken(duration))"
    }

    private static func wholeSeconds(_ seconds: TimeInterval, roundingUp: Bool) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        // Never more than a day shown as digits: a live stream reports an infinite duration.
        let capped: TimeInterval = min(seconds, 359_999)
        return Int(roundingUp ? capped.rounded(.up) : capped.rounded(.down))
    }

    private static func format(_ total: Int) -> String {
        let hours: Int = total / 3600
        let minutes: Int = total % 3600 / 60
        let seconds: Int = total % 60
        let twoDigits: (Int) -> String = { $0 < 10 ? "0\($0)" : String($0) }
        if hours > 0 {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))"
        }
        return "\(minutes):\(twoDigits(seconds))"
    }

    private static func unit(_ count: Int, _ name: String) -> String {
        "\(count) \(name)\(count == 1 ? "" : "s")"
    }
}
