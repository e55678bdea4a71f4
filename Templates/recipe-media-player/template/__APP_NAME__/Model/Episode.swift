import Foundation

/// One episode of a show: what the library lists and the player plays.
nonisolated struct Episode: Sendable, Equatable, Identifiable {
    /// Unique across the catalogue; used by resume points and the `-play` and `-select` switches.
    let id: String
    /// 1, 2, 3 within its show.
    let number: Int
    let title: String
    let summary: String
    /// The length the catalogue states, in seconds. The library shows it before anything loads;
    /// the model tests check it against the bundled file.
    let duration: TimeInterval
    let media: MediaSource
    /// The id of the show it belongs to.
    let showID: String
}
