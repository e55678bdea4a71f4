import Foundation

/// What the camera reports on its own, outside any call.
nonisolated enum BackendEvent: Sendable, Equatable {
    /// The system took the camera away (a call, another app in Split View using it).
    case interruptionBegan
    case interruptionEnded
    case runtimeError(String)
}
