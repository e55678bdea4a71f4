import Foundation

/// Whom a camera points at, relative to the display showing the app's view.
nonisolated enum CameraFacing: String, Sendable, Equatable {
    /// Toward the person looking at that display.
    case forward
    /// Away from that person.
    case backward
    /// The map does not list the camera (the virtual front camera is never listed).
    case unknown
}
