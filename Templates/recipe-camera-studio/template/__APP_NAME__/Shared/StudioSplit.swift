#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// Places the studio's pieces from `StudioLayout`, in every pose, with one `Layout`.
///
/// Each subview says what it is with `.studioRegion(_:)`: the preview, the controls' backing,
/// one control, the preview's words or one of its buttons, or the fold's test marker. There is no `if` on the pose around the preview, so
/// SwiftUI keeps the same preview view (its UIView, its layer and its rotation coordinator)
/// when the phone folds, unfolds or turns; only its frame changes.
///
/// The fold's frame comes from `onFoldChange`, read on this view itself, so it is in the same
/// coordinate space the layout places in.
nonisolated struct StudioSplit: Layout {
    var fold: FoldFrame?
    /// The controls on screen, in bar order; the layout spreads them along the controls' region.
    var controls: [StudioControl]

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let layout = StudioLayout(size: bounds.size, fold: fold)
        let controlFrames = layout.controlFrames(controls)
        for subview in subviews {
            let frame: CGRect
            switch subview[StudioRegionKey.self] {
            case .preview:
                frame = layout.preview
            case .controls:
                frame = layout.controls
            case .control(let control):
                frame = controlFrames[control] ?? .zero
            case .previewContent:
                frame = layout.previewContent
            case .button(let button):
                frame = layout.buttonFrame(button)
            case .foldMarker:
                frame = FoldFrame.markerFrame(on: fold?.frame)
            }
            subview.place(
                at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
                anchor: .topLeading,
                proposal: ProposedViewSize(frame.size)
            )
        }
    }
}

/// What a subview of `StudioSplit` is, and so where it goes.
nonisolated enum StudioRegion: Equatable, Sendable {
    case preview
    case controls
    case control(StudioControl)
    /// The preview's words: the countdown, the notice, the labels.
    case previewContent
    /// One of the preview's own buttons.
    case button(PreviewButton)
    case foldMarker
}

/// Carries each subview's `StudioRegion` to `StudioSplit`.
nonisolated struct StudioRegionKey: LayoutValueKey {
    static let defaultValue = StudioRegion.preview
}

extension View {
    /// Tells `StudioSplit` where this subview goes.
    func studioRegion(_ region: StudioRegion) -> some View {
        layoutValue(key: StudioRegionKey.self, value: region)
    }
}
#endif
