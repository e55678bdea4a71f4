import Foundation

/// Where each episode was left, so it starts there next time.
///
/// A point is kept only when it is worth resuming from: at least `minimumPosition` in, and not
/// near the end. Stopping in the last `endMargin` seconds (or the last tenth of a short
/// episode) counts as having finished it: the point is removed and the episode starts from the
/// beginning next time, the way people expect after the credits.
nonisolated struct ResumePoints: Sendable, Equatable, Codable {
    /// Less than this far in, starting again costs nothing.
    static let minimumPosition: TimeInterval = 1
    /// Closer than this to the end (or `endFraction` of the episode, if less) is finished.
    static let endMargin: TimeInterval = 5
    static let endFraction: Double = 0.1

    /// Seconds into each episode, by episode id.
    private(set) var seconds: [String: TimeInterval] = [:]

    init(seconds: [String: TimeInterval] = [:]) {
        self.seconds = seconds.filter { $0.value.isFinite && $0.value > 0 }
    }

    subscript(episodeID: String) -> TimeInterval? {
        seconds[episodeID]
    }

    /// Whether `time` counts as the end of an episode of this length.
    static func isNearEnd(_ time: TimeInterval, duration: TimeInterval) -> Bool {
        duration - time <= min(endMargin, duration * endFraction)
    }

    /// Keeps `time` for the episode, or removes its point when `time` is too early or too late
    /// to resume from. Returns whether anything changed.
    @discardableResult
    mutating func record(_ time: TimeInterval, of episode: Episode) -> Bool {
        let keep: Bool = time.isFinite && time >= ResumePoints.minimumPosition
            && !ResumePoints.isNearEnd(time, duration: episode.duration)
        let before: TimeInterval? = seconds[episode.id]
        seconds[episode.id] = keep ? time : nil
        return before != seconds[episode.id]
    }

    /// The episode was played to the end.
    @discardableResult
    mutating func finish(_ episode: Episode) -> Bool {
        seconds.removeValue(forKey: episode.id) != nil
    }

    /// Where the episode starts: its point if it still makes sense, otherwise the beginning.
    func startTime(for episode: Episode) -> TimeInterval {
        guard let time = seconds[episode.id], time < episode.duration,
              !ResumePoints.isNearEnd(time, duration: episode.duration) else { return 0 }
        return time
    }

    /// How far through the episode is, 0 to 1, for the library's progress bar.
    func progress(of episode: Episode) -> Double {
        guard episode.duration > 0 else { return 0 }
        return min(1, startTime(for: episode) / episode.duration)
    }
}
