import Foundation

/// Whether the photographer can see the studio, and so what its camera should do.
///
/// The camera and, in video mode, the microphone must not run unseen: the privacy indicator
/// stays on, the battery drains, and the subject view on the outer display goes on showing a
/// picture nobody behind the phone is watching. A window shows the studio when its scene is
/// active and the gallery does not cover it; the scene is not active under Control Center or
/// Notification Center, in the app switcher, behind a system alert, in the background or with
/// the phone locked. On iPad the studio may have two windows (one store serves both): it is
/// seen while either shows it, and in the background only when both are.
///
/// `RootView` reports each window's scene and gallery; `StudioStore` asks `demand(in:)` after
/// each change and after each capture ends, so the rule lives here and the model tests check it.
nonisolated struct StudioVisibility: Sendable, Equatable {
    /// A window's scene, as SwiftUI's `ScenePhase` reports it for that window.
    nonisolated enum Scene: String, Sendable, Equatable, CaseIterable {
        case active
        /// On screen but not taking touches: Control Center, Notification Center, the app
        /// switcher, a system alert (the camera's permission prompt among them).
        case inactive
        /// Off screen: another app, the Home Screen, the phone locked.
        case background
    }

    /// What one window reported.
    nonisolated struct Window: Sendable, Equatable {
        var scene: Scene = .active
        var galleryShown: Bool = false

        var showsStudio: Bool {
            scene == .active && !galleryShown
        }
    }

    /// The window a caller names when there is only one (and the model tests).
    static let mainWindow: String = "main"

    /// A name for a new window, which it keeps for its life.
    static func newWindow() -> String {
        UUID().uuidString
    }

    /// Each window's last report, by an identifier the window keeps for its life. Until one
    /// reports, the studio counts as seen, as at launch; a window's first report is a change.
    private(set) var windows: [String: Window] = [:]

    /// No window has reported yet.
    init() {}

    /// One window, with the scene and gallery given.
    init(scene: Scene, galleryShown: Bool) {
        windows = [StudioVisibility.mainWindow: Window(scene: scene, galleryShown: galleryShown)]
    }

    mutating func setScene(_ scene: Scene, in window: String) {
        windows[window, default: Window()].scene = scene
    }

    mutating func setGalleryShown(_ shown: Bool, in window: String) {
        windows[window, default: Window()].galleryShown = shown
    }

    /// The photographer can see the studio in at least one window (or none has reported yet).
    var isSeen: Bool {
        windows.isEmpty || windows.values.contains(where: \.showsStudio)
    }

    /// Every window is in the background: nothing of the app is on screen.
    var isInBackground: Bool {
        !windows.isEmpty && windows.values.allSatisfy { $0.scene == .background }
    }

    /// What the camera should do in `phase`.
    ///
    /// Seen, it runs. Out of sight with nothing under way, it stops. A glance away (an inactive
    /// scene) lets a countdown, a photo or a recording the photographer started carry on, as
    /// the system's camera does with Control Center down, and the store asks again when it
    /// ends. In the background a countdown would take a photo of nobody knows what, and the
    /// system stops the camera there anyway: the countdown is cancelled, a recording is ended
    /// and kept in the gallery, and then the camera stops. A photo or a save already under way
    /// finishes first.
    func demand(in phase: StudioPhase) -> CameraDemand {
        if isSeen {
            return .run
        }
        switch phase {
        case .starting, .ready, .interrupted, .unavailable, .failed:
            return .stop
        case .countingDown, .recording:
            return isInBackground ? .endThenStop : .finishFirst
        case .takingPhoto, .saving:
            return .finishFirst
        }
    }
}

/// What `StudioVisibility.demand(in:)` asks of the camera.
nonisolated enum CameraDemand: String, Sendable, Equatable {
    /// The studio is seen: the camera runs (and starts again if it was stopped for being unseen).
    case run
    /// Unseen, with nothing under way: stop the camera until the studio is seen again.
    case stop
    /// Unseen for a moment, mid-capture: let it finish, then ask again.
    case finishFirst
    /// Gone to the background mid-countdown or mid-recording: cancel the countdown or end the
    /// recording (what was filmed is kept), then stop.
    case endThenStop
}
