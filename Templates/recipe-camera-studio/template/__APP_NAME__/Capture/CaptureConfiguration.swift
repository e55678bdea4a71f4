import Foundation

/// What the session should capture from: one camera, one mode, sound or not.
nonisolated struct CaptureConfiguration: Sendable, Equatable {
    let camera: CameraDescriptor
    let mode: CaptureMode
    /// Only for video, and only when the microphone is allowed.
    let includesMicrophone: Bool

    /// The session preset for the mode: photos at `.photo`, movies at `.high`.
    var preset: SessionPreset {
        mode.sessionPreset
    }
}
