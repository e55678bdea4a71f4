#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The live picture, from the real camera or the stand-in, for the photographer and the subject.
///
/// Both displays show the same feed: with a camera, two preview layers on one session; with
/// the stand-in, the same test card, drawn mirrored for the subject. Keep it out of any
/// `TimelineView`: it updates itself, and redrawing it on a timer would only re-apply settings.
struct LivePreview: View {
    /// Where the picture comes from, fixed for the life of the app.
    enum Feed {
        case standIn
        case camera(CameraFeed)
    }

    /// Whose preview this is.
    enum Role {
        case photographer
        /// On the outer display; with a camera it hosts the subject's layer made at launch,
        /// whose mirroring `CaptureService` sets.
        case subject
    }

    let feed: Feed
    let role: Role
    let cameraID: String?
    let mirrored: Bool
    /// The cameras' directions relative to this preview's display; only a real camera has them.
    var onDirections: ((CameraDirectionMap) -> Void)?

    var body: some View {
        switch feed {
        case .standIn:
            StandInPreview(mirrored: mirrored)
        case .camera(let camera):
            switch role {
            case .photographer:
                CameraPreview(layer: .own(camera.session), cameraID: cameraID, mirrored: mirrored, onDirections: onDirections)
            case .subject:
                CameraPreview(layer: .shared(camera.subjectPreview), cameraID: cameraID, mirrored: nil, onDirections: onDirections)
            }
        }
    }
}
#endif
