import Foundation

/// Which camera serves each intent.
nonisolated enum CameraChoice: Sendable {
    /// Rear: the rear wide camera. Front: the virtual front camera, which follows the app between
    /// displays by itself; where there is none (an iPhone with one front camera, or an app listing
    /// only physical cameras) the camera facing the viewer, then any front camera.
    static func camera(for intent: CameraIntent, among cameras: [CameraDescriptor], directions: CameraDirectionMap? = nil) -> CameraDescriptor? {
        switch intent {
        case .rear:
            return cameras.first { $0.kind == .rearWide } ?? cameras.first { $0.position == .back }
        case .front:
            if let virtual = cameras.first(where: { $0.kind == .virtualFront }) {
                return virtual
            }
            if let directions, let facing = directions.forward.first(where: { $0.position == .front }),
               cameras.contains(facing) {
                return facing
            }
            return cameras.first { $0.position == .front }
        }
    }
}
