import Foundation

/// What the preview says when it cannot show a live picture: the camera is not allowed, the
/// system has paused it, or an error stopped it.
///
/// Without this the preview would just go black and the shutter dim, with no word of why or of
/// what happens next. Every phase with a live picture has no notice.
nonisolated struct PreviewNotice: Sendable, Equatable {
    /// The one button a notice may offer.
    nonisolated enum Action: String, Sendable, Equatable {
        /// Camera access was refused; only the Settings app can change that.
        case openSettings
        /// An error stopped the camera; the studio starts it again from the beginning.
        case tryAgain

        var title: String {
            switch self {
            case .openSettings: "Open Settings"
            case .tryAgain: "Try Again"
            }
        }
    }

    static let pausedTitle: String = "Paused"
    static let pausedDetail: String = "A call or another app is using the camera. The studio carries on by itself when the camera is free."
    static let stoppedTitle: String = "The camera stopped"

    let title: String
    let detail: String?
    let action: Action?

    /// The notice for a phase, or nil when the preview shows a live picture.
    static func make(for phase: StudioPhase) -> PreviewNotice? {
        switch phase {
        case .unavailable(let reason):
            guard let message = reason.previewMessage else { return nil }
            return PreviewNotice(title: message, detail: nil, action: reason.offersOpenSettings ? .openSettings : nil)
        case .interrupted:
            return PreviewNotice(title: pausedTitle, detail: pausedDetail, action: nil)
        case .failed(let text):
            return PreviewNotice(title: stoppedTitle, detail: text, action: .tryAgain)
        case .starting, .ready, .countingDown, .takingPhoto, .recording, .saving:
            return nil
        }
    }
}
