#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation

/// The real camera as the views see it: the session, and the subject's preview layer, made once
/// when the app starts so that it is on the session before any recording begins.
final class CameraFeed {
    let session: AVCameraBackend.PreviewSession
    let subjectPreview: CameraPreviewLayer

    init(session: AVCameraBackend.PreviewSession) {
        self.session = session
        subjectPreview = CameraPreviewLayer(session: session.session)
    }
}
#endif
