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

    init(
        mode: CaptureMode, timer: TimerSetting, phase: StudioPhase, secondsLeft: Int?, recordingText: String?,
        intent: CameraIntent, isStandIn: Bool, access: CameraAccess, subjectAvailable: Bool, subjectEnabled: Bool,
        captureCount: Int
    ) {
        self.mode = mode
        self.timer = timer
        self.phase = phase
        self.secondsLeft = secondsLeft
        self.recordingText = recordingText
        self.intent = intent
        self.isStandIn = isStandIn
        self.access = access
        self.subjectAvailable = subjectAvailable
        self.subjectEnabled = subjectEnabled
        self.captureCount = captureCount
    }
}
