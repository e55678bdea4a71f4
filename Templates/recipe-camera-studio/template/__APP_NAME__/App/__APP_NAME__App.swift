#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The app: one window with the studio, and on iPhone Duo the subject view on the outer display.
///
/// The store is made once, here, and handed down; everything that must survive a fold or an
/// unfold (a countdown, a recording, the gallery) lives in it rather than in a view. On iPad
/// a second window shows the same store, and the session is started only once.
@main
struct __APP_NAME__App: App {
    private let store: StudioStore
    private let feed: LivePreview.Feed

    init() {
        let options = LaunchOptions.current
        let clock = SystemStudioClock()
        let camera = AVCameraBackend()
        let cameraService = CaptureService(backend: camera)
        // The simulator has no camera; `-standIn` asks for the stand-in on a device too.
        let usesCamera = !options.standIn && cameraService.hasCamera
        let service = usesCamera
            ? cameraService
            : CaptureService(backend: StandInBackend(encoding: SystemStandInEncoding(), clock: clock))
        store = StudioStore(
            service: service,
            library: CaptureLibrary.open(folder: AppFacts.capturesFolder(in: URL.documentsDirectory)),
            clock: clock,
            options: options
        )
        feed = usesCamera ? .camera(CameraFeed(session: camera.previewSession)) : .standIn
    }

    var body: some Scene {
        WindowGroup {
            RootView(store: store, feed: feed)
        }
    }
}
#endif
