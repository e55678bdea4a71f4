import Foundation

/// What the photographer asked for with Switch Camera.
nonisolated enum CameraIntent: String, Sendable, Equatable {
    /// Film the subject with the rear camera: the studio's normal use.
    case rear
    /// Film yourself with the front camera.
    case front

    var toggled: CameraIntent {
        self == .rear ? .front : .rear
    }
}
