import Foundation

/// What the shutter does: take a photo, or start and stop a movie.
nonisolated enum CaptureMode: String, CaseIterable, Sendable, Equatable {
    case photo
    case video

    /// Reads a launch argument: `photo` or `video`.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    var label: String {
        self == .photo ? "Photo" : "Video"
    }

    /// Only a movie records sound, so the microphone is asked for only on the way to video.
    var needsMicrophone: Bool {
        self == .video
    }

    /// The session preset the mode runs at: `.photo` for photos, as Apple's AVCam does, so the
    /// photo output offers the sensor's full photo sizes; `.high` for movies.
    var sessionPreset: SessionPreset {
        self == .photo ? .photo : .high
    }

    var toggled: CaptureMode {
        self == .photo ? .video : .photo
    }
}
