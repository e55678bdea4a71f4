#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The app: one window with the studio, and on iPhone Duo the subject view on the outer display.
///
/// The store is made once, here, and handed down; everything that must survive a fold or an
/// unfold (a countdown, a recording, the gallery) lives in it rather than in a view.
@main
struct __APP_NAME__App: App {
    private let store: StudioStore
    private let feed: LivePreview.Feed

    init() {
        let options = LaunchOptions.current
        let clock = SystemStudioClock()
        // The simulator has no camera; `-standIn` asks for the stand-in on a device too.
        let camera: AVCameraBackend? = options.standIn || !AVCameraBackend.hasCamera ? nil : AVCameraBackend()
        let backend: any CameraBackend = camera ?? StandInBackend(clock: clock, movieWriter: StandInRecorder.self)
        store = StudioStore(
            service: CaptureService(backend: backend),
            library: CaptureLibrary.open(folder: AppFacts.capturesFolder(in: URL.documentsDirectory)),
            clock: clock,
            options: options
        )
        feed = camera.map { LivePreview.Feed.camera($0.previewSession) } ?? .standIn
    }

    var body: some Scene {
        WindowGroup {
            RootView(store: store, feed: feed)
        }
    }
}
#endif
