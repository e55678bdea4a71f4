import Foundation

/// When the up next card appears and whether the next episode starts on its own.
///
/// The card appears `lead` seconds before the end, but never earlier than half way through,
/// so a short episode is not mostly spent under a card. With `autoplay` the card counts down
/// and the next episode starts at the end; without it the card only offers Play Now.
nonisolated struct UpNextPolicy: Sendable, Equatable {
    static let defaultLead: TimeInterval = 10
    /// The longest lead accepted from a launch switch or a setting: ten minutes.
    static let maximumLead: TimeInterval = 600

    /// Seconds before the end; clamped to 0...`maximumLead`. 0 turns the card off.
    var lead: TimeInterval {
        didSet { lead = UpNextPolicy.clamp(lead) }
    }
    var autoplay: Bool

    init(lead: TimeInterval = UpNextPolicy.defaultLead, autoplay: Bool = true) {
        self.lead = UpNextPolicy.clamp(lead)
        self.autoplay = autoplay
    }

    /// The lead for an episode of this length: `lead`, at most half the episode.
    func lead(for duration: TimeInterval) -> TimeInterval {
        guard duration.isFinite, duration > 0 else { return 0 }
        return min(lead, duration / 2)
    }

    /// Whether `time` is inside the up next window of an episode of this length.
    func isInWindow(time: TimeInterval, duration: TimeInterval) -> Bool {
        let lead: TimeInterval = lead(for: duration)
        return lead > 0 && time >= duration - lead
    }

    private static func clamp(_ lead: TimeInterval) -> TimeInterval {
        lead.isFinite ? min(max(lead, 0), maximumLead) : defaultLead
    }
}
