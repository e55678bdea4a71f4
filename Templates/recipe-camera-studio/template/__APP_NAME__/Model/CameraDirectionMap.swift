import Foundation

/// Which cameras face toward and away from the viewer of one display, right now.
///
/// Build it from `AVCaptureDeviceDirectionMap` (AVKit) by matching `uniqueID`s. It is relative
/// to one view's display: the same rear camera faces backward for the inner display's view and
/// forward for the outer display's view, and both are right. Either list may be empty, and more
/// than one camera can face the same way.
nonisolated struct CameraDirectionMap: Hashable, Sendable {
    let forward: [CameraDescriptor]
    let backward: [CameraDescriptor]

    /// What a single-display iPhone reports: front cameras forward, back cameras backward.
    static func singleDisplay(_ cameras: [CameraDescriptor]) -> CameraDirectionMap {
        CameraDirectionMap(
            forward: cameras.filter { $0.position == .front && !$0.isVirtual },
            backward: cameras.filter { $0.position == .back }
        )
    }

    func facing(_ camera: CameraDescriptor) -> CameraFacing {
        if forward.contains(where: { $0.uniqueID == camera.uniqueID }) {
            return .forward
        }
        if backward.contains(where: { $0.uniqueID == camera.uniqueID }) {
            return .backward
        }
        return .unknown
    }
}
