import Foundation

/// A camera described by values, so it can cross from the main actor to the capture actor.
///
/// It mirrors AVKit's `AVCaptureDeviceDescriptor`: the direction coordinator hands out
/// descriptors, never devices, and the capture actor turns one back into an `AVCaptureDevice`
/// by its `uniqueID`.
nonisolated struct CameraDescriptor: Hashable, Sendable, Identifiable {
    let uniqueID: String
    let name: String
    let kind: CameraKind
    let position: CameraPosition
    let isVirtual: Bool
    let capability: VideoCapability

    var id: String {
        uniqueID
    }

    init(uniqueID: String, name: String, kind: CameraKind, position: CameraPosition, isVirtual: Bool, capability: VideoCapability) {
        self.uniqueID = uniqueID
        self.name = name
        self.kind = kind
        self.position = position
        self.isVirtual = isVirtual
        self.capability = capability
    }

    // MARK: - iPhone Duo's cameras (from Apple's tech talk 111465; the stand-in offers the same set)

    static let rearWide: CameraDescriptor = CameraDescriptor(
        uniqueID: "standin.rear.wide", name: "Back Camera", kind: .rearWide, position: .back, isVirtual: false,
        capability: VideoCapability(maxHeight: 2160, maxFramesPerSecond: 120, supportsDepth: true)
    )
    /// Offers only what both front cameras share: 1080p, 60 fps, no depth.
    static let virtualFront: CameraDescriptor = CameraDescriptor(
        uniqueID: "standin.front.virtual", name: "Front Camera", kind: .virtualFront, position: .front, isVirtual: true,
        capability: VideoCapability(maxHeight: 1080, maxFramesPerSecond: 60, supportsDepth: false)
    )
    static let innerUltraWide: CameraDescriptor = CameraDescriptor(
        uniqueID: "standin.front.inner", name: "Inner Front Camera", kind: .innerUltraWide, position: .front, isVirtual: false,
        capability: VideoCapability(maxHeight: 1080, maxFramesPerSecond: 60, supportsDepth: true)
    )
    static let outerUltraWide: CameraDescriptor = CameraDescriptor(
        uniqueID: "standin.front.outer", name: "Outer Front Camera", kind: .outerUltraWide, position: .front, isVirtual: false,
        capability: VideoCapability(maxHeight: 2160, maxFramesPerSecond: 120, supportsDepth: true)
    )

    static let duoCameras: [CameraDescriptor] = [rearWide, virtualFront, innerUltraWide, outerUltraWide]
}
