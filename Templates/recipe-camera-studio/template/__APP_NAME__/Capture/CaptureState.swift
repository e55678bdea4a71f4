import Foundation

/// Where the capture session stands.
nonisolated enum CaptureState: Sendable, Equatable {
    case idle
    case running
    case recording
    case interrupted
    /// No session: the camera is not allowed, or there is none.
    case unavailable(CameraAccess)
    case failed(CaptureError)
}
