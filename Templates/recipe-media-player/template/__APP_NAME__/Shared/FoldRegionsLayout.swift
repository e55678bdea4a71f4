#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// The player's one layout for every pose: the video first, the controls second.
///
/// Where each goes comes from `PlayerRegions`, from the view's size and the fold alone: closed,
/// the controls float at the bottom and the video fills the space above them; open and flat,
/// the controls float over the video; in book pose the video takes the leading region and the
/// controls the trailing one; in tabletop the video sits above the fold and the same controls
/// below it. Because this is one `Layout` and not an `if` on the pose, SwiftUI keeps both
/// children (the video surface and the controls, with their state) when the phone folds; only
/// their frames change.
///
/// The fold comes from `onFoldChange`, read on this layout's own view so its frame is in the
/// coordinate space the layout places in. Any further child marked `.foldRegionsSlot(.fold)`
/// is placed on the fold (the UI tests' fold marker).
nonisolated struct FoldRegionsLayout: Layout {
    /// The fold's candidate frames, as `onFoldChange` reports them.
    var folds: [FoldFrame]

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let regions = regions(in: bounds.size, subviews: subviews)
        var ordered = 0
        for subview in subviews {
            let frame: CGRect
            switch subview[FoldRegionsSlotKey.self] {
            case .fold:
                frame = FoldFrame.markerFrame(on: regions.fold?.frame)
            case .byOrder:
                frame = ordered == 0 ? regions.player.video : regions.player.controls
                ordered += 1
            }
            subview.place(
                at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
                anchor: .topLeading,
                proposal: ProposedViewSize(frame.size)
            )
        }
    }

    /// The fold in this layout's own coordinates, and the video's and controls' frames.
    private func regions(in size: CGSize, subviews: Subviews) -> (fold: FoldGeometry?, player: PlayerRegions) {
        let local = CGRect(origin: .zero, size: size)
        let fold = FoldGeometry(candidates: folds, in: local)
        let controls = subviews.filter { $0[FoldRegionsSlotKey.self] == .byOrder }.dropFirst().first
        let width = PlayerRegions.controlsWidth(in: local, fold: fold)
        let height = controls?.sizeThatFits(ProposedViewSize(width: width, height: nil)).height ?? 0
        return (fold, PlayerRegions(bounds: local, fold: fold, controlsHeight: height))
    }
}

/// Where a child of `FoldRegionsLayout` goes: by its order (video, then controls), or on the fold.
nonisolated enum FoldRegionsSlot: Equatable, Sendable {
    case byOrder
    case fold
}

nonisolated struct FoldRegionsSlotKey: LayoutValueKey {
    static let defaultValue = FoldRegionsSlot.byOrder
}

extension View {
    /// Tells `FoldRegionsLayout` where this child goes.
    func foldRegionsSlot(_ slot: FoldRegionsSlot) -> some View {
        layoutValue(key: FoldRegionsSlotKey.self, value: slot)
    }
}
#endif
