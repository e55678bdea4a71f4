import Foundation

/// What the studio is doing, as the store drives it.
nonisolated enum StudioPhase: Sendable, Equatable {
    /// Asking for access and starting the camera.
    case starting
    /// Live preview; the shutter is ready.
    case ready
    /// The self-timer runs; when it ends the studio takes a photo or starts recording.
    case countingDown(Countdown, then: CaptureMode)
    case takingPhoto
    case recording(RecordingClock)
    /// Writing a movie or a photo and recording it in the gallery.
    case saving
    /// Paused by the system (a phone call, another app taking the camera in Split View).
    case interrupted
    /// No picture: the camera is not allowed or missing; the preview shows the access message.
    case unavailable(CameraAccess)
    case failed(String)

    /// Whether the screen stays on (`UIApplication.isIdleTimerDisabled`): from the self-timer
    /// to the saved photo or movie. The studio is used hands-free, on a table or a tripod, where
    /// nobody touches the screen; the phone must not lock mid-countdown or mid-recording, and
    /// must be free to lock again once the studio is idle.
    var keepsScreenAwake: Bool {
        switch self {
        case .countingDown, .takingPhoto, .recording, .saving: true
        case .starting, .ready, .interrupted, .unavailable, .failed: false
        }
    }

    /// A short name for the test marker.
    var name: String {
        switch self {
        case .starting: "starting"
        case .ready: "ready"
        case .countingDown: "countdown"
        case .takingPhoto: "takingPhoto"
        case .recording: "recording"
        case .saving: "saving"
        case .interrupted: "interrupted"
        case .unavailable: "unavailable"
        case .failed: "failed"
        }
    }
}
