import Foundation

/// The video player as `PlayerSession`'s rules see it.
///
/// In the app, `PlayerModel` wraps its one `AVPlayer` and `AVPlayerLayer` in an engine; the
/// model tests use a stand-in driven by a clock they move by hand. The session only gives
/// orders; what the player does by itself (time passing, reaching the end, the system pausing
/// it) comes back through `PlayerSession.timeDidChange(to:)`, `itemDidEnd(on:)` and
/// `playbackDidChange(isPlaying:at:)`.
///
/// Not `Sendable`, on purpose: a real player lives on one actor (the main actor, in the app,
/// where the conformance is isolated to it). The session's methods are synchronous and take
/// the engine as an argument, so they run wherever their caller runs and never hold on to it.
nonisolated protocol PlaybackEngine: AnyObject {
    /// Where the playhead is, in seconds.
    var currentTime: TimeInterval { get }
    /// Replaces whatever is loaded with the media at `url`, paused at its start.
    func load(_ url: URL)
    /// Empties the player: nothing loaded, nothing playing.
    func unload()
    func play()
    func pause()
    func seek(to time: TimeInterval)
    /// Puts the player on its video layer, or takes it off. iOS pauses a video whose layer is
    /// still showing when the app goes to the background; off its layer, the sound goes on.
    func setLayerAttached(_ attached: Bool)
}
