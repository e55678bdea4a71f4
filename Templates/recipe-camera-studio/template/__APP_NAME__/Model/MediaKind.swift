import Foundation

/// The two things the app asks permission for: the camera and the microphone.
nonisolated enum MediaKind: String, Sendable, Equatable {
    case video
    case audio
}
