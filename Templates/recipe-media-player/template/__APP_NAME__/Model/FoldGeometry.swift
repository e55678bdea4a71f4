import Foundation

/// The fold as the player's layout uses it: the one region that divides the view in two.
///
/// SwiftUI reports the fold as `.division` reserved regions (`onFoldChange` reads them with
/// `.includeInactive`). There is no posture API: book and tabletop are told apart only by the
/// fold's direction, and open-flat from folded only by `isActive`. A candidate counts as the
/// fold when, clipped to the view, it runs from one edge to the opposite one, is strictly
/// inside the view across, and is thin (at most a quarter of the view). Anything else, such as
/// a fold beside a view that only covers one half of the screen, divides nothing here.
nonisolated struct FoldGeometry: Sendable, Equatable {
    nonisolated enum Orientation: String, Sendable, Equatable {
        /// Top to bottom: book, or open and held wide.
        case vertical
        /// Side to side: tabletop, or open and held tall.
        case horizontal
    }

    /// A fold thicker than this share of the view is not a fold.
    static let maximumShare: CGFloat = 0.25

    /// The fold's frame, clipped to the view.
    let frame: CGRect
    /// True while the phone is partly folded (book, tabletop); false open and flat.
    let isActive: Bool
    let orientation: Orientation

    /// The dividing fold among `candidates`, in `bounds`; an active one wins over an inactive
    /// one. Nil when none divides the view: the closed phone, an iPad, or the fold elsewhere.
    init?(candidates: [FoldFrame], in bounds: CGRect) {
        var found: FoldGeometry? = nil
        for candidate in candidates {
            guard let geometry = FoldGeometry.dividing(candidate, in: bounds) else { continue }
            if found == nil || (geometry.isActive && found?.isActive == false) {
                found = geometry
            }
        }
        guard let found else { return nil }
        self = found
    }

    private init(frame: CGRect, isActive: Bool, orientation: Orientation) {
        self.frame = frame
        self.isActive = isActive
        self.orientation = orientation
    }

    private static func dividing(_ candidate: FoldFrame, in bounds: CGRect) -> FoldGeometry? {
        let frame: CGRect = candidate.frame.standardized
        guard bounds.width > 0, bounds.height > 0, frame.minX.isFinite, frame.minY.isFinite else { return nil }
        // A zero-width fold (as some notes report an inactive one) still runs top to bottom.
        let vertical: Bool = frame.width <= frame.height
        let tolerance: CGFloat = 1
        if vertical {
            let spans: Bool = frame.minY <= bounds.minY + tolerance && frame.maxY >= bounds.maxY - tolerance
            let inside: Bool = frame.minX > bounds.minX && frame.maxX < bounds.maxX
            guard spans, inside, frame.width <= bounds.width * maximumShare else { return nil }
            let clipped: CGRect = CGRect(x: frame.minX, y: bounds.minY, width: frame.width, height: bounds.height)
            return FoldGeometry(frame: clipped, isActive: candidate.isActive, orientation: .vertical)
        }
        let spans: Bool = frame.minX <= bounds.minX + tolerance && frame.maxX >= bounds.maxX - tolerance
        let inside: Bool = frame.minY > bounds.minY && frame.maxY < bounds.maxY
        guard spans, inside, frame.height <= bounds.height * maximumShare else { return nil }
        let clipped: CGRect = CGRect(x: bounds.minX, y: frame.minY, width: bounds.width, height: frame.height)
        return FoldGeometry(frame: clipped, isActive: candidate.isActive, orientation: .horizontal)
    }

    /// Whether the fold runs through the inside of `rect`; touching its edge is not crossing.
    func crosses(_ rect: CGRect) -> Bool {
        frame.minX < rect.maxX && frame.maxX > rect.minX && frame.minY < rect.maxY && frame.maxY > rect.minY
            && rect.width > 0 && rect.height > 0
    }
}
