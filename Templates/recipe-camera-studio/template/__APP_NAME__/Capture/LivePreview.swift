#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The live picture, from the real camera or the stand-in, for the photographer and the subject.
///
/// Both displays show the same feed: with a camera, two preview layers on one session; with
/// the stand-in, the same test card, drawn mirrored for the subject.
struct LivePreview: View {
    /// Where the picture comes from, fixed for the life of the app.
    enum Feed {
        case standIn
        case camera(AVCameraBackend.PreviewSession)
    }

    let feed: Feed
    let cameraID: String?
    let mirrored: Bool
    /// The cameras' directions relative to this preview's display; only a real camera has them.
    var onDirections: ((CameraDirectionMap) -> Void)?

    var body: some View {
        switch feed {
        case .standIn:
            StandInPreview(mirrored: mirrored)
        case .camera(let session):
            CameraPreview(session: session, cameraID: cameraID, mirrored: mirrored, onDirections: onDirections)
        }
    }
}
#endif
