import Foundation

/// When a preview is shown as a mirror.
///
/// Mirroring follows the direction a camera faces, not its position: a camera that faces the
/// person looking at the preview is mirrored, as a selfie is, whichever side of the phone it
/// sits on. Captured photos and movies are never mirrored.
nonisolated enum Mirroring: Sendable {
    /// The photographer's preview. Without a direction map (the virtual front camera is never
    /// listed, and a single-display phone has none), fall back to the position.
    static func previewMirrored(camera: CameraDescriptor, directions: CameraDirectionMap?) -> Bool {
        switch directions?.facing(camera) ?? .unknown {
        case .forward:
            return true
        case .backward:
            return false
        case .unknown:
            return camera.position == .front
        }
    }

    /// The subject's preview on the outer display, given the direction map of a view on that
    /// display. From there the rear camera faces the subject, so the subject sees a mirror.
    /// Without a map the rear camera is taken as facing the subject.
    static func subjectPreviewMirrored(camera: CameraDescriptor, outerDirections: CameraDirectionMap? = nil) -> Bool {
        switch outerDirections?.facing(camera) ?? .unknown {
        case .forward:
            return true
        case .backward:
            return false
        case .unknown:
            return camera.position == .back
        }
    }

    /// Photos and movies as saved: never mirrored, whichever camera took them and whichever way
    /// it faced. The capture connections are pinned to this, because a front camera's
    /// connection may otherwise mirror by itself.
    static let capturesMirrored: Bool = false

    /// The subject view shows a picture only while the rear camera films the subject.
    static func subjectSeesPicture(camera: CameraDescriptor?) -> Bool {
        camera?.position == .back
    }
}
