import Foundation

/// Fixed facts about the player that the model, the views and the tests share.
nonisolated enum PlayerFacts: Sendable {
    /// The video frame's shape: 16:9, letterboxed like `.resizeAspect` when a clip differs.
    static let videoAspectRatio: CGFloat = 16.0 / 9.0
    /// The largest clip worth bundling: 1 MB. Bundled media grows the app's download; stream
    /// real episodes from an `https` address instead.
    static let maximumBundledBytes: Int = 1_000_000
    /// How often the app's time observer reports the playhead, in seconds.
    static let timeObserverInterval: TimeInterval = 0.25
}
