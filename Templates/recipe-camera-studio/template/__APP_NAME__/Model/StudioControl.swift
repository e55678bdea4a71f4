import Foundation

/// The controls of the studio, in the order they sit along the bar or column.
///
/// Every control lives in `StudioLayout.controls`, so none can land on the fold.
nonisolated enum StudioControl: String, CaseIterable, Sendable, Hashable {
    case gallery
    case timer
    case shutter
    case mode
    case switchCamera
    case subjectView

    /// The order along the bar: the shutter in the middle, where a thumb finds it.
    static let ordered: [StudioControl] = [.gallery, .timer, .shutter, .mode, .switchCamera, .subjectView]

    /// The side of the control's square: the shutter is 76 pt, the others 52 pt (measured in the seed).
    var side: CGFloat {
        self == .shutter ? StudioLayout.shutterDiameter : StudioLayout.controlSize
    }

    /// The identifier UI tests find the control by.
    var accessibilityIdentifier: String {
        "control." + rawValue
    }
}
