import Foundation

/// The fold's frame as the system reports it: a `.division` reserved region, read with
/// `.includeInactive` in the coordinate space of the view that holds the studio.
///
/// The fold is *active* only while the phone is partially folded (book, tabletop); open and
/// flat it is reported inactive. The simulator measured a 40 pt inactive frame, other notes
/// say an inactive fold has zero width, so every rule here works for both.
nonisolated struct FoldFrame: Sendable, Equatable {
    var frame: CGRect
    var isActive: Bool

    /// A fold running top to bottom (book, open and held wide). A zero-width frame is vertical.
    var isVertical: Bool {
        frame.width <= frame.height
    }

    /// Whether the fold runs through the inside of `rect`; touching an edge is not crossing.
    /// Strict comparisons keep this right for a zero-width fold too.
    func crosses(_ rect: CGRect) -> Bool {
        frame.minX < rect.maxX && frame.maxX > rect.minX
            && frame.minY < rect.maxY && frame.maxY > rect.minY
    }

    /// Where the UI tests' fold marker goes: centred on the fold and at least 1 pt across each
    /// way, because an inactive fold may be reported with no width and an element with no area
    /// vanishes from the accessibility tree; a 1 pt square at the origin when there is no fold.
    static func markerFrame(on fold: CGRect?) -> CGRect {
        guard let fold else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let width = max(fold.width, 1)
        let height = max(fold.height, 1)
        return CGRect(x: fold.midX - width / 2, y: fold.midY - height / 2, width: width, height: height)
    }
}
