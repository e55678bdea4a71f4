import Foundation

/// What the `player.state` test marker reports. Most of it comes from `PlayerSession`; the
/// surface count and Picture in Picture come from the views and the system.
nonisolated struct PlayerSnapshot: Sendable, Equatable {
    /// The episode loaded, or nil.
    var item: String?
    var isPlaying: Bool
    var time: TimeInterval
    var upNext: UpNextState
    var isPictureInPictureActive: Bool
    /// How many video surfaces the views have made. Always 1 once the player showed: a second
    /// one would mean a layout change rebuilt the video (a black flash).
    var surfaces: Int
    /// Whether the full-screen player is up (otherwise the mini player shows).
    var isPresented: Bool
    /// The episode failed to play; the player shows Try Again.
    var hasFailed: Bool = false
    /// The Picture in Picture button would start it now (the system says it is possible).
    var canStartPictureInPicture: Bool = false
}
