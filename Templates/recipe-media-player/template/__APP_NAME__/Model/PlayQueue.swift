import Foundation

/// What is playing and what plays next: the episodes of one show, from the one chosen onward.
///
/// Up next offers the following episode of the same show. After a show's last episode nothing
/// is offered and playback stops at the end, so a show never runs into a different one
/// unasked. Change `init(starting:in:)` to continue across shows.
nonisolated struct PlayQueue: Sendable, Equatable {
    /// The show's episodes, in order.
    let items: [Episode]
    private(set) var index: Int

    /// A queue playing `episodeID` in its show; nil when the catalogue has no such episode.
    init?(starting episodeID: String, in catalog: Catalog) {
        guard let episode = catalog.episode(id: episodeID), let show = catalog.show(of: episode),
              let index = show.episodes.firstIndex(of: episode) else { return nil }
        self.items = show.episodes
        self.index = index
    }

    var current: Episode {
        items[index]
    }

    /// The episode after the current one, or nil at the end of the show.
    var next: Episode? {
        index + 1 < items.count ? items[index + 1] : nil
    }

    /// Moves to the next episode; false (and no change) at the end of the show.
    mutating func advance() -> Bool {
        guard index + 1 < items.count else { return false }
        index += 1
        return true
    }
}
