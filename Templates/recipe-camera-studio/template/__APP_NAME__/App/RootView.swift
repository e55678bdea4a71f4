#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI
import UIKit

/// The studio, and the gallery as a sheet over it.
///
/// The camera's life is decided here and nowhere below: it starts with the window, stops
/// while the gallery covers the studio and starts again when it closes.
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
        // The camera starts here, at the root, which lives as long as the window: a `.task` on
        // a view below it would run again, or be cancelled, whenever that view is rebuilt.
        .task {
            // The subject's layer goes on the session before it starts, never mid-recording.
            if case .camera(let camera) = feed {
                await store.attachSubjectPreview(camera.subjectPreview)
            }
            await store.start()
        }
        // Nobody sees the preview under the gallery: the camera stops while it shows.
        .onChange(of: showsGallery) { _, shown in
            Task { await store.galleryShown(shown) }
        }
        // The screen stays on from the self-timer to the saved capture, and only then.
        .onChange(of: store.phase.keepsScreenAwake, initial: true) { _, keepsAwake in
            UIApplication.shared.isIdleTimerDisabled = keepsAwake
        }
    }
}
#endif
