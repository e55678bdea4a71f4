#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import UIKit

/// One preview layer on the capture session, with the rotation coordinator that keeps it
/// upright and the mirroring last applied to it.
///
/// Rotation and mirroring are applied only when they change: a camera switch (a new connection
/// loses the mirroring override and needs a new rotation coordinator, as Apple asks) or a new
/// mirroring decision. The subject's layer is made once, at launch (`CameraFeed`), and each
/// subject view the system builds when the phone opens only hosts it; making a new layer there
/// would add a preview to the running session every time, which can end a recording.
///
/// `@MainActor` is written out because the target's default isolation does not reach a class
/// that conforms to a `Sendable` protocol, and this one's layer and state belong to the main actor.
@MainActor
final class CameraPreviewLayer: CapturePreview {
    let layer: AVCaptureVideoPreviewLayer
    private var cameraID: String?
    /// The session's connection to this layer when rotation and mirroring were last applied.
    /// Replacing the camera's input gives the layer a new connection, which starts unrotated and
    /// with automatic mirroring.
    private weak var connection: AVCaptureConnection?
    private var mirrored: Bool?
    private var rotationCoordinator: AVCaptureDevice.RotationCoordinator?
    private var rotationObservation: NSKeyValueObservation?

    init(session: AVCaptureSession) {
        layer = AVCaptureVideoPreviewLayer(session: session)
        layer.videoGravity = .resizeAspect
    }

    /// The camera and mirroring the service decided on, for the subject's layer.
    func show(cameraID newID: String?, mirrored newMirrored: Bool) {
        follow(cameraID: newID)
        setMirrored(newMirrored)
    }

    /// The camera streaming now; nothing happens unless it, or the layer's connection, changed.
    /// The same camera on a new connection (rear, front, then rear again) gets its rotation and
    /// mirroring at once, not the next time the phone turns.
    func follow(cameraID newID: String?) {
        guard newID != cameraID else {
            if let current = layer.connection, current !== connection {
                connection = current
                if let rotationCoordinator {
                    rotate(to: rotationCoordinator.videoRotationAngleForHorizonLevelPreview)
                }
                applyMirroring()
            }
            return
        }
        cameraID = newID
        connection = layer.connection
        rotationObservation = nil
        rotationCoordinator = nil
        if let newID, let device = AVCaptureDevice(uniqueID: newID) {
            let coordinator = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: layer)
            rotationCoordinator = coordinator
            // The coordinator reports its angles on the main queue.
            rotationObservation = coordinator.observe(\.videoRotationAngleForHorizonLevelPreview, options: [.initial, .new]) {
                [weak self] _, change in
                guard let angle = change.newValue else { return }
                MainActor.assumeIsolated {
                    self?.rotate(to: angle)
                }
            }
        }
        applyMirroring()
    }

    /// Applies the rotation coordinator's angle again, for a layer that has just landed in a
    /// window: an angle read before the layer was on a display may be that of no display, and
    /// the coordinator reports again only when the phone turns.
    func refreshRotation() {
        if let rotationCoordinator {
            rotate(to: rotationCoordinator.videoRotationAngleForHorizonLevelPreview)
        }
    }

    /// Mirrors the picture or not; nothing happens unless it changed.
    func setMirrored(_ newValue: Bool) {
        guard newValue != mirrored else { return }
        mirrored = newValue
        applyMirroring()
    }

    private func rotate(to angle: CGFloat) {
        guard let connection = layer.connection, connection.isVideoRotationAngleSupported(angle) else { return }
        connection.videoRotationAngle = angle
    }

    /// Mirroring can only be set once automatic mirroring is off, and only where supported;
    /// anything else raises an exception.
    private func applyMirroring() {
        guard let mirrored, let connection = layer.connection, connection.isVideoMirroringSupported else { return }
        connection.automaticallyAdjustsVideoMirroring = false
        connection.isVideoMirrored = mirrored
    }
}
#endif
