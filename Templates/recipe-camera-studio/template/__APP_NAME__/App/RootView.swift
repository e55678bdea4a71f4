#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The studio, and the gallery as a sheet over it.
///
/// The store sits here, above every layout switch: folding the phone changes the studio's
/// layout, never this view, so a countdown or a recording carries on.
struct RootView: View {
    @State private var store: StudioStore
    @State private var showsGallery = false
    private let feed: LivePreview.Feed

    init(store: StudioStore, feed: LivePreview.Feed) {
        _store = State(initialValue: store)
        self.feed = feed
    }

    var body: some View {
        StudioScreen(store: store, feed: feed) {
            showsGallery = true
        }
        .sheet(isPresented: $showsGallery) {
            GalleryScreen(store: store)
        }
    }
}
#endif
