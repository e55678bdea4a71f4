#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import AVKit
import SwiftUI
import UIKit

/// The real camera's live picture in SwiftUI: an `AVCaptureVideoPreviewLayer` on the shared
/// session, kept upright by its own rotation coordinator.
///
/// The photographer's preview and the subject's preview on the outer display are two of these
/// on one session. Each has its own coordinator, because each reports the angle for the display
/// its layer is on, and on iPhone Duo that changes when the app moves between displays. A new
/// coordinator is made for every camera switch, as Apple asks.
///
/// Given `onDirections`, the view also runs a direction coordinator (iOS 27.1): which cameras
/// face toward and away from the person looking at this view's display, as the phone opens,
/// closes and flips. The store uses it to mirror by direction rather than by position.
struct CameraPreview: UIViewRepresentable {
    let session: AVCameraBackend.PreviewSession
    /// The camera streaming now; its rotation coordinator needs the device.
    let cameraID: String?
    /// The subject's preview is a mirror; captures never are.
    let mirrored: Bool
    var onDirections: ((CameraDirectionMap) -> Void)?

    func makeUIView(context: Context) -> PreviewView {
        PreviewView(session: session.session)
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.onDirections = onDirections
        view.show(cameraID: cameraID, mirrored: mirrored)
    }

    /// Hosts the preview layer and its rotation coordinator.
    final class PreviewView: UIView {
        private let previewLayer: AVCaptureVideoPreviewLayer
        private var rotationCoordinator: AVCaptureDevice.RotationCoordinator?
        private var rotationObservation: NSKeyValueObservation?
        private var cameraID: String?
        private var mirrored = false
        /// An `AVCaptureDeviceDirectionCoordinator` on iOS 27.1; held strongly, as Apple asks.
        private var directionCoordinator: AnyObject?
        var onDirections: ((CameraDirectionMap) -> Void)? {
            didSet { followDirections() }
        }

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

        /// The coordinator lists the rear camera and the two physical front cameras; it never
        /// lists the virtual front camera. Its handler runs on the main actor, first soon after
        /// it is made, then at every change, and must not call AVFoundation itself.
        private func followDirections() {
            guard onDirections != nil, directionCoordinator == nil else { return }
            if #available(iOS 27.1, *) {
                directionCoordinator = AVCaptureDeviceDirectionCoordinator(
                    view: self,
                    deviceTypes: [.builtInWideAngleCamera, .builtInInnerUltraWideCamera, .builtInOuterUltraWideCamera]
                ) { [weak self] map in
                    let directions = CameraDirectionMap(
                        forward: map.forwardFacingDeviceDescriptors.map(Self.camera),
                        backward: map.backwardFacingDeviceDescriptors.map(Self.camera)
                    )
                    MainActor.assumeIsolated {
                        self?.onDirections?(directions)
                    }
                }
            }
        }

        /// A descriptor as the model's values; only its `uniqueID` is matched later.
        @available(iOS 27.1, *)
        nonisolated private static func camera(_ descriptor: AVCaptureDeviceDescriptor) -> CameraDescriptor {
            let known: CameraDescriptor = switch descriptor.deviceType {
            case .builtInInnerUltraWideCamera: .innerUltraWide
            case .builtInOuterUltraWideCamera: .outerUltraWide
            default: descriptor.position == .back ? .rearWide : .virtualFront
            }
            let position: CameraPosition = switch descriptor.position {
            case .front: .front
            case .back: .back
            default: .unspecified
            }
            return CameraDescriptor(uniqueID: descriptor.uniqueID, name: descriptor.localizedName, kind: known.kind,
                                    position: position, isVirtual: false, capability: known.capability)
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
