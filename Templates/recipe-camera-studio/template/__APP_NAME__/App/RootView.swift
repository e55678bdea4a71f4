#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI
import UIKit

/// The studio, and the gallery as a sheet over it.
///
/// The camera's life is decided here and nowhere below: it starts with the window, stops
/// while the gallery covers the studio or the window's scene is not active, and starts again
/// when the studio is seen (`StudioVisibility`).
///
/// The store sits here, above every layout switch: folding the phone changes the studio's
/// layout, never this view, so a countdown or a recording carries on.
struct RootView: View {
    @State private var store: StudioStore
    @State private var showsGallery = false
    /// This window's name in the store's `StudioVisibility`: iPad can show the studio in two.
    @State private var window = StudioVisibility.newWindow()
    /// This window's own phase, not the app's: the subject view on the outer display is a scene
    /// of its own, and may be active while the studio's window is not.
    @Environment(\.scenePhase) private var scenePhase
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
            Task { await store.galleryShown(shown, in: window) }
        }
        // Nobody sees the preview under Control Center, in the app switcher or the background.
        .onChange(of: scenePhase) { _, phase in
            let scene: StudioVisibility.Scene = switch phase {
            case .active: .active
            case .background: .background
            default: .inactive
            }
            Task { await store.sceneChanged(scene, in: window) }
        }
        // The screen stays on from the self-timer to the saved capture, and only then.
        .onChange(of: store.phase.keepsScreenAwake, initial: true) { _, keepsAwake in
            UIApplication.shared.isIdleTimerDisabled = keepsAwake
        }
    }
}
#endif
