import Foundation

/// The up next card's state. The card lives inside the player's controls, so in every pose it
/// moves with them and never sits on the fold.
nonisolated enum UpNextState: String, Sendable, Equatable {
    /// Not near the end, or nothing follows (the show's last episode, or looping).
    case hidden
    /// Near the end with autoplay on: the card counts down and the next episode starts at the end.
    case counting
    /// Near the end with autoplay off: the card offers Play Now; playback stops at the end.
    case offered
    /// The person tapped Cancel: the card goes away and playback stops at the end. Seeking back
    /// out of the window, or another episode, clears it.
    case cancelled

    /// Whether the card is on screen.
    var showsCard: Bool {
        self == .counting || self == .offered
    }
}
