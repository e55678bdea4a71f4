import Foundation

/// What the person being filmed sees on the outer display.
///
/// The subject view only reads this; the system builds a new accessory scene each time the
/// phone opens, so the view keeps no state of its own. Nothing the photographer needs lives
/// here: the countdown also shows large on the main preview.
nonisolated struct SubjectDisplay: Sendable, Equatable {
    nonisolated enum Picture: Sendable, Equatable {
        /// Their own picture from the rear camera, usually as a mirror.
        case camera(mirrored: Bool)
        /// The front camera films the photographer, so the subject gets a cue instead.
        case lookHere
    }

    nonisolated enum Overlay: Sendable, Equatable {
        case none
        case countdown(Int)
        case recording(String)
    }

    static let lookHereText: String = "Look here"

    let picture: Picture
    let overlay: Overlay
    /// The rule-of-thirds guide that helps the subject frame themselves.
    let showsThirds: Bool

    init(picture: Picture, overlay: Overlay, showsThirds: Bool = true) {
        self.picture = picture
        self.overlay = overlay
        self.showsThirds = showsThirds
    }

    /// The subject's view for a phase and a camera, at a time.
    static func make(phase: StudioPhase, camera: CameraDescriptor?, mirrored: Bool, at now: TimeInterval) -> SubjectDisplay {
        let picture: Picture = Mirroring.subjectSeesPicture(camera: camera) ? .camera(mirrored: mirrored) : .lookHere
        switch phase {
        case .countingDown(let countdown, _):
            return SubjectDisplay(picture: picture, overlay: .countdown(countdown.secondsLeft(at: now)))
        case .recording(let clock):
            return SubjectDisplay(picture: picture, overlay: .recording(clock.text(at: now)))
        default:
            return SubjectDisplay(picture: picture, overlay: .none)
        }
    }
}
