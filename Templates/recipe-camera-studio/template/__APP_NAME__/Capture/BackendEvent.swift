import Foundation

/// What the camera reports on its own, outside any call.
nonisolated enum BackendEvent: Sendable, Equatable {
    /// The system took the camera away (a call, another app in Split View using it).
    case interruptionBegan
    case interruptionEnded
    /// The recording to this file ended without being asked to: the disk filled up, or it
    /// reached a length or size limit. What was filmed so far is in the file.
    case recordingEnded(URL)
    /// The system's media services restarted; the session stopped and can be started again.
    case mediaServicesReset
    case runtimeError(String)
}
