#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import AVKit
import SwiftUI
import UIKit

/// The real camera's live picture in SwiftUI: hosts a `CameraPreviewLayer` on the shared session.
///
/// The photographer's preview makes its own layer when its view is made; the view keeps its
/// identity through every fold (`StudioSplit`), so that happens once per window. The subject's
/// preview hosts the layer made at launch, because the system builds a new subject view each
/// time the phone opens. Each layer has its own rotation coordinator, because each reports the
/// angle for the display its layer is on.
///
/// Given `onDirections`, the view also runs a direction coordinator (iOS 27.1): which cameras
/// face toward and away from the person looking at this view's display, as the phone opens,
/// closes and flips. One per view, as Apple asks; the store uses both to mirror by direction
/// rather than by position.
struct CameraPreview: UIViewRepresentable {
    /// Where the layer comes from.
    enum Layer {
        /// A layer of its own, made with the view: the photographer's.
        case own(AVCameraBackend.PreviewSession)
        /// A layer made elsewhere that outlives the view: the subject's.
        case shared(CameraPreviewLayer)
    }

    let layer: Layer
    /// The camera streaming now; its rotation coordinator needs the device.
    let cameraID: String?
    /// Whether to mirror the picture; nil when someone else decides (the subject's layer is
    /// mirrored through `CaptureService.attachSubjectPreview(_:mirrored:)`).
    let mirrored: Bool?
    var onDirections: ((CameraDirectionMap) -> Void)?

    func makeUIView(context: Context) -> PreviewView {
        switch layer {
        case .own(let session):
            PreviewView(preview: CameraPreviewLayer(session: session.session))
        case .shared(let preview):
            PreviewView(preview: preview)
        }
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.onDirections = onDirections
        // Both apply only what changed, so an update of the view costs nothing on the session.
        view.preview.follow(cameraID: cameraID)
        if let mirrored {
            view.preview.setMirrored(mirrored)
        }
    }

    /// Hosts the preview layer and the direction coordinator.
    final class PreviewView: UIView {
        let preview: CameraPreviewLayer
        /// An `AVCaptureDeviceDirectionCoordinator` on iOS 27.1; held strongly, as Apple asks.
        private var directionCoordinator: AnyObject?
        var onDirections: ((CameraDirectionMap) -> Void)? {
            didSet { followDirections() }
        }

        init(preview: CameraPreviewLayer) {
            self.preview = preview
            super.init(frame: .zero)
            backgroundColor = .black
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.addSublayer(preview.layer)
            CATransaction.commit()
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            fatalError("CameraPreview.PreviewView is made in code only")
        }

        /// A shared layer lives in one view at a time: the newest subject view takes it.
        override func didMoveToWindow() {
            super.didMoveToWindow()
            if window != nil, preview.layer.superlayer !== layer {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                preview.layer.frame = bounds
                layer.addSublayer(preview.layer)
                CATransaction.commit()
                setNeedsLayout()
            }
            if window != nil {
                preview.refreshRotation()
            }
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            // Follow the view's size at once: the layer's implicit 0.25 s animation would slide
            // the old picture across the screen at every fold, and grow the first one from a corner.
            if preview.layer.superlayer === layer {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                preview.layer.frame = bounds
                CATransaction.commit()
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
    }
}
#endif
