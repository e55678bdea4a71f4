import Foundation

/// The buttons that show on the preview rather than among the controls: the notice's one
/// action (Open Settings or Try Again) and the held countdown's Start.
///
/// They are placed by `StudioLayout.buttonFrame(_:)`, like the controls, so the same rule holds
/// for them: never on the fold, flat or folded, and never under 44 pt. Centred on the whole
/// preview, a button would straddle the fold whenever the phone is open and flat, because the
/// preview then spans both halves of the screen.
nonisolated enum PreviewButton: String, CaseIterable, Sendable, Hashable {
    /// The notice's action, shown only while the preview has no live picture.
    case noticeAction
    /// The held countdown's Start (only with `-holdCountdown`), shown only while counting down.
    case startCountdown

    /// The identifier UI tests find the button by (`StudioScreen` writes it out, as the UI
    /// tests' readers in duo-new's repository look for it there).
    var identifier: String {
        "studio." + rawValue
    }

    /// Whether the button shows in `phase`. The two never show together: a notice belongs to a
    /// phase without a picture, a countdown to one with it, so they share one place.
    func shows(in phase: StudioPhase, held: Bool) -> Bool {
        switch self {
        case .noticeAction:
            PreviewNotice.make(for: phase)?.action != nil
        case .startCountdown:
            if case .countingDown = phase { held } else { false }
        }
    }
}
