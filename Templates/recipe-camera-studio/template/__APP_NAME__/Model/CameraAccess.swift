import Foundation

/// Whether the studio may use a camera, and what the preview says when it may not.
nonisolated enum CameraAccess: String, CaseIterable, Sendable, Equatable {
    /// The person has not been asked yet; the studio asks when it appears.
    case notAsked
    case allowed
    /// The person said no; only the Settings app can change that now.
    case denied
    /// A parent or a device policy forbids the camera; the person cannot change it.
    case restricted
    /// There is no camera at all, as in the simulator: the studio offers the stand-in.
    case noCamera

    /// What the preview shows in place of a picture, or nil when the camera can run.
    var previewMessage: String? {
        switch self {
        case .allowed:
            nil
        case .notAsked:
            "The studio needs the camera to take photos and videos."
        case .denied:
            "Camera access is off. Turn it on in Settings to take photos and videos."
        case .restricted:
            "The camera is restricted on this iPhone."
        case .noCamera:
            "No camera is available."
        }
    }

    /// Only a refusal can be undone, in Settings; a restriction cannot.
    var offersOpenSettings: Bool {
        self == .denied
    }

    var canCapture: Bool {
        self == .allowed
    }

    /// The label the preview shows while the stand-in camera stands in for a real one.
    static let standInMessage: String = "Stand-in camera"
}
