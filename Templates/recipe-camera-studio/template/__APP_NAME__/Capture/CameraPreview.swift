#if canImport(AVFoundation) && canImport(SwiftUI) && canImport(UIKit)
@preconcurrency import AVFoundation
import SwiftUI
import UIKit

/// The real camera's live picture in SwiftUI: an `AVCaptureVideoPreviewLayer` on the shared
/// session, kept upright by its own rotation coordinator.
///
/// The photographer's preview and the subject's preview on the outer display are two of these
/// on one session. Each has its own coordinator, because each reports the angle for the display
/// its layer is on, and on iPhone Duo that changes when the app moves between displays. A new
/// coordinator is made for every camera switch, as Apple asks.
struct CameraPreview: UIViewRepresentable {
    let session: AVCameraBackend.PreviewSession
    /// The camera streaming now; its rotation coordinator needs the device.
    let cameraID: String?
    /// The subject's preview is a mirror; captures never are.
    let mirrored: Bool

    func makeUIView(context: Context) -> PreviewView {
        PreviewView(session: session.session)
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.show(cameraID: cameraID, mirrored: mirrored)
    }

    /// Hosts the preview layer and its rotation coordinator.
    final class PreviewView: UIView {
        private let previewLayer: AVCaptureVideoPreviewLayer
        private var rotationCoordinator: AVCaptureDevice.RotationCoordinator?
        private var rotationObservation: NSKeyValueObservation?
        private var cameraID: String?
        private var mirrored = false

        init(session: AVCaptureSession) {
            previewLayer = AVCaptureVideoPreviewLayer(session: session)
            previewLayer.videoGravity = .resizeAspect
            super.init(frame: .zero)
            backgroundColor = .black
            layer.addSublayer(previewLayer)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            fatalError("CameraPreview.PreviewView is made in code only")
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            previewLayer.frame = bounds
        }

        func show(cameraID: String?, mirrored: Bool) {
            if cameraID != self.cameraID {
                self.cameraID = cameraID
                followRotation(of: cameraID)
            }
            self.mirrored = mirrored
            applyMirroring()
        }

        /// A camera switch makes a new connection, which loses the mirroring override, and
        /// needs a new rotation coordinator.
        private func followRotation(of cameraID: String?) {
            rotationObservation = nil
            rotationCoordinator = nil
            guard let cameraID, let device = AVCaptureDevice(uniqueID: cameraID) else { return }
            let coordinator = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: previewLayer)
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

        private func rotate(to angle: CGFloat) {
            guard let connection = previewLayer.connection, connection.isVideoRotationAngleSupported(angle) else { return }
            connection.videoRotationAngle = angle
            applyMirroring()
        }

        /// Mirroring can only be set once automatic mirroring is off, and only where supported;
        /// anything else raises an exception.
        private func applyMirroring() {
            guard let connection = previewLayer.connection, connection.isVideoMirroringSupported else { return }
            connection.automaticallyAdjustsVideoMirroring = false
            connection.isVideoMirrored = mirrored
        }
    }
}
#endif
