import Foundation

/// The regions a fold makes of a view: the two halves when the phone is folded, and the span
/// a floating bar (the mini player) can use without sitting on the fold.
///
/// Everything comes from the fold's frame, never from the screen's width: the halves of the
/// iPhone Duo are not split at the middle of every view, and an iPad has no fold at all.
nonisolated struct FoldRegions: Sendable, Equatable {
    /// The two sides of an active fold, the fold itself left out.
    nonisolated struct Split: Sendable, Equatable {
        /// Book: the leading region. Tabletop: the region above the fold.
        let first: CGRect
        /// Book: the trailing region. Tabletop: the region below the fold.
        let second: CGRect
        let orientation: FoldGeometry.Orientation
    }

    /// The narrowest span the mini player accepts on one side of the fold.
    static let minimumBarWidth: CGFloat = 320
    /// The thinnest side an active fold running top to bottom may leave and still split the
    /// view. A fold nearer the view's edge (the player in a window beside another app: two
    /// thirds of the open screen wide leaves 139 pt) would squeeze the video or the controls
    /// into a sliver, and the controls would spill onto the fold: the view is not split then,
    /// and the controls float on the wider side, as open and flat. (Across, in tabletop, the
    /// half below the fold keeps the controls: floating, they would get no more height.)
    static let minimumHalf: CGFloat = 200

    let bounds: CGRect
    let fold: FoldGeometry?

    init(bounds: CGRect, fold: FoldGeometry?) {
        self.bounds = bounds
        self.fold = fold
    }

    /// The halves either side of an active fold: book (leading | trailing) or tabletop
    /// (above | below). Nil open and flat, closed, without a fold, and in book when a side
    /// would be thinner than `minimumHalf`: nothing is split then.
    var split: Split? {
        guard let fold, fold.isActive else { return nil }
        switch fold.orientation {
        case .vertical:
            guard fold.frame.minX - bounds.minX >= FoldRegions.minimumHalf,
                  bounds.maxX - fold.frame.maxX >= FoldRegions.minimumHalf else { return nil }
            return Split(
                first: CGRect(x: bounds.minX, y: bounds.minY, width: fold.frame.minX - bounds.minX, height: bounds.height),
                second: CGRect(x: fold.frame.maxX, y: bounds.minY, width: bounds.maxX - fold.frame.maxX, height: bounds.height),
                orientation: .vertical
            )
        case .horizontal:
            return Split(
                first: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: fold.frame.minY - bounds.minY),
                second: CGRect(x: bounds.minX, y: fold.frame.maxY, width: bounds.width, height: bounds.maxY - fold.frame.maxY),
                orientation: .horizontal
            )
        }
    }

    /// The book split, when the fold runs top to bottom and is active.
    var bookSplit: Split? {
        split.flatMap { $0.orientation == .vertical ? $0 : nil }
    }

    /// The tabletop split, when the fold runs side to side and is active.
    var tabletopSplit: Split? {
        split.flatMap { $0.orientation == .horizontal ? $0 : nil }
    }

    /// Where a bar along the bottom may run, from its leading to its trailing x.
    ///
    /// With a fold running top to bottom (book, and open and flat too) the bar takes the
    /// trailing side, so none of its buttons sits on the fold line; it reads the inactive fold
    /// as well, so folding the phone doesn't move it. If the trailing side is narrower than
    /// `minimumBarWidth` it takes the wider side. Closed, in tabletop and without a fold it
    /// runs the full width (in tabletop the bottom is below the fold already).
    var floatingBarSpan: ClosedRange<CGFloat> {
        guard let fold, fold.orientation == .vertical else { return bounds.minX...bounds.maxX }
        let leading: ClosedRange<CGFloat> = bounds.minX...fold.frame.minX
        let trailing: ClosedRange<CGFloat> = fold.frame.maxX...bounds.maxX
        if width(trailing) >= FoldRegions.minimumBarWidth || width(trailing) >= width(leading) {
            return trailing
        }
        return leading
    }

    private func width(_ span: ClosedRange<CGFloat>) -> CGFloat {
        span.upperBound - span.lowerBound
    }
}
