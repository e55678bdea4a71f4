import Foundation

/// An episode the player could not play: an `https` episode with no connection, a stream that
/// stopped arriving, a damaged file. AVFoundation reports it as an item whose status turned
/// `.failed`, or that failed to play to its end.
///
/// The session stops on it and the player says so, inside the controls, with a way on: Try
/// Again (Play does the same) loads the episode again from where it stopped, and Play Next
/// moves on when the show has a next episode. Without this the screen would show "paused" over
/// black, and Play would do nothing: a failed item never plays again.
nonisolated struct PlaybackFailure: Sendable, Equatable {
    let episodeID: String
    /// Where the playhead was when it failed; Try Again starts there.
    let time: TimeInterval
    /// Streamed from an `https` address, so most likely the connection.
    let isStreamed: Bool

    /// What the player shows, one sentence and a suggestion.
    var message: String {
        isStreamed
            ? "This episode couldn't be loaded. Check your connection, then try again."
            : "This episode's file couldn't be played. Try again, or play another episode."
    }
}
