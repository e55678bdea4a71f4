import Foundation

/// The capture session's preset, as the portable code names it (`AVCaptureSession.Preset` in
/// the app): `.photo` gives the photo output the camera's full-sensor photo format, usually
/// 4:3, which `PhotoSizing` then picks the largest size of; `.high` is the session's default,
/// a video format (usually 16:9), whose largest photo is a crop of the sensor.
nonisolated enum SessionPreset: String, Sendable, Equatable {
    case photo
    case high
}
