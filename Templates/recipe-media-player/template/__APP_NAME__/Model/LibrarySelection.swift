import Foundation

/// What the library has selected: a show, and perhaps one of its episodes.
///
/// Kept in a model above the `NavigationSplitView`, never in the views' own state: the split
/// view collapses to one stack on the closed phone and shows two columns open, and the
/// selection must survive that change unharmed.
nonisolated struct LibrarySelection: Sendable, Equatable, Hashable {
    var showID: String?
    var episodeID: String?

    init(showID: String? = nil, episodeID: String? = nil) {
        self.showID = showID
        self.episodeID = episodeID
    }

    /// The selection for an episode id or a show id (the `-select` switch); nil if neither exists.
    init?(selecting id: String, in catalog: Catalog) {
        if let episode = catalog.episode(id: id) {
            self.init(showID: episode.showID, episodeID: episode.id)
        } else if catalog.show(id: id) != nil {
            self.init(showID: id, episodeID: nil)
        } else {
            return nil
        }
    }

    /// Selects a show; an episode of another show is deselected.
    mutating func select(showID: String, in catalog: Catalog) {
        self.showID = showID
        if let episodeID, catalog.episode(id: episodeID)?.showID != showID {
            self.episodeID = nil
        }
    }

    /// Selects an episode and its show.
    mutating func select(episodeID: String, in catalog: Catalog) {
        guard let episode = catalog.episode(id: episodeID) else { return }
        showID = episode.showID
        self.episodeID = episode.id
    }
}
