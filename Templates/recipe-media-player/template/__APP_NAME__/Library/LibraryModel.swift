#if canImport(SwiftUI) && canImport(UIKit)
import Observation
import SwiftUI

/// The library's state: what is selected and which columns show.
///
/// Held by the root view, above the split view, so the selection survives every fold. The
/// split view collapses to one stack on the closed phone and evens its columns out at the fold
/// on its own; because the selection lives here and not in a view, closing and opening the
/// phone comes back to the same show and episode.
@Observable
final class LibraryModel {
    let catalog: Catalog
    /// A show, or an episode and its show; nil shows the list alone.
    var selection: LibrarySelection?
    /// Every column shows at first, so the list is there in every pose until something is chosen.
    var columnVisibility: NavigationSplitViewVisibility = .all

    /// - Parameter id: an episode or show id to select (the `-select` switch), if any.
    init(catalog: Catalog, selecting id: String?) {
        self.catalog = catalog
        selection = id.flatMap { LibrarySelection(selecting: $0, in: catalog) }
    }

    var selectedShow: Show? {
        selection?.showID.flatMap { catalog.show(id: $0) }
    }

    var selectedEpisode: Episode? {
        selection?.episodeID.flatMap { catalog.episode(id: $0) }
    }
}
#endif
