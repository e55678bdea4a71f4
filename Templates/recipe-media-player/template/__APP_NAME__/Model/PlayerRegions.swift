import Foundation

/// Where the player puts the video and its controls in each pose, from the fold alone.
///
/// `PlayerScreen` uses one `FoldRegionsLayout` with two children, the video first and the
/// controls second, and asks this type for their frames. Because there is one layout and no
/// `if` on the pose, neither child is ever rebuilt when the phone folds: the video keeps
/// playing from the same frame and the controls keep their state.
///
/// | Pose | Fold | Arrangement |
/// |---|---|---|
/// | Closed (outer display), iPad | none | `stacked`: controls float at the bottom, the video fills the space above them |
/// | Open and flat | inactive | `floating`: the video fills the screen, the controls float over it at the bottom, beside the fold (trailing side) |
/// | Book | active, top to bottom | `sideBySide`: the video in the leading region, the controls in the trailing one |
/// | Tabletop | active, side to side | `aboveAndBelow`: the video above the fold, the same controls below it |
///
/// Every control is present in every arrangement; a pose only moves them.
nonisolated struct PlayerRegions: Sendable, Equatable {
    nonisolated enum Arrangement: String, Sendable, Equatable, CaseIterable {
        case stacked
        case floating
        case sideBySide
        case aboveAndBelow
    }

    /// Space between floating controls and the screen's edges.
    static let margin: CGFloat = 16
    /// Floating controls never grow wider than this on the open phone.
    static let maximumFloatingWidth: CGFloat = 560
    /// Below this width the up next card puts its buttons on a row of their own.
    static let upNextInlineMinimumWidth: CGFloat = 400

    let bounds: CGRect
    let arrangement: Arrangement
    let video: CGRect
    let controls: CGRect

    /// - Parameter controlsHeight: the height the controls need at `controlsWidth(in:fold:)`;
    ///   used by the two floating arrangements, where the controls take only what they need.
    init(bounds: CGRect, fold: FoldGeometry?, controlsHeight: CGFloat) {
        self.bounds = bounds
        let regions: FoldRegions = FoldRegions(bounds: bounds, fold: fold)
        if let split = regions.split {
            arrangement = split.orientation == .vertical ? .sideBySide : .aboveAndBelow
            video = split.first
            controls = split.second
            return
        }
        let margin: CGFloat = PlayerRegions.margin
        let width: CGFloat = PlayerRegions.controlsWidth(in: bounds, fold: fold)
        // Floating controls may take at most half the height, so the video always stays in view,
        // and, open and flat held tall, no more than the room below the fold.
        var tallest: CGFloat = bounds.height / 2
        if let fold, fold.orientation == .horizontal {
            tallest = min(tallest, bounds.maxY - margin - fold.frame.maxY - margin)
        }
        let height: CGFloat = max(0, min(controlsHeight, tallest))
        // Open and flat, the panel sits on one side of the fold (the trailing one, where the
        // mini player goes too), never across it: a play button on the hinge is hard to hit.
        let span: ClosedRange<CGFloat> = regions.floatingBarSpan
        let controlsFrame: CGRect = CGRect(
            x: (span.lowerBound + span.upperBound) / 2 - width / 2, y: bounds.maxY - margin - height, width: width, height: height
        )
        controls = controlsFrame
        if fold == nil {
            arrangement = .stacked
            video = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, controlsFrame.minY - margin - bounds.minY))
        } else {
            arrangement = .floating
            video = bounds
        }
    }

    /// The width the controls get, to propose to them before their height is known.
    static func controlsWidth(in bounds: CGRect, fold: FoldGeometry?) -> CGFloat {
        let regions: FoldRegions = FoldRegions(bounds: bounds, fold: fold)
        if let split = regions.split {
            return split.second.width
        }
        let span: ClosedRange<CGFloat> = regions.floatingBarSpan
        let full: CGFloat = max(0, span.upperBound - span.lowerBound - 2 * margin)
        return fold == nil ? full : min(full, maximumFloatingWidth)
    }

    /// The controls float over (or below) the video rather than owning a half of the screen.
    var controlsFloat: Bool {
        arrangement == .stacked || arrangement == .floating
    }

    /// Narrow controls (the closed phone) put the up next card's buttons on their own row.
    var upNextButtonsOnOwnRow: Bool {
        controls.width < PlayerRegions.upNextInlineMinimumWidth
    }
}
