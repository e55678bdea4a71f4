import Foundation

/// Why a capture call failed, in words the studio can show.
nonisolated enum CaptureError: Error, Sendable, Equatable {
    case noCamera
    case permissionDenied
    case notRunning
    /// Another capture is under way, or the mode does not allow this call.
    case busy
    case interrupted
    case writeFailed(String)
    case backend(String)

    var message: String {
        switch self {
        case .noCamera: "No camera is available."
        case .permissionDenied: "Camera access is off."
        case .notRunning: "The camera is not running."
        case .busy: "The camera is busy."
        case .interrupted: "The camera is paused by the system."
        case .writeFailed(let name): "Could not save \(name)."
        case .backend(let detail): "Camera error: \(detail)"
        }
    }
}
