import Foundation

/// The studio's state at one moment, as plain values for the `studio.state` test marker.
nonisolated struct StudioSnapshot: Sendable, Equatable {
    let mode: CaptureMode
    let timer: TimerSetting
    let phase: StudioPhase
    let secondsLeft: Int?
    let recordingText: String?
    let intent: CameraIntent
    let isStandIn: Bool
    let access: CameraAccess
    let subjectAvailable: Bool
    let subjectEnabled: Bool
    let captureCount: Int
}
