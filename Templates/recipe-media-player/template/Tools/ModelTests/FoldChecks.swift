import Foundation

/// The frames measured on the iPhone Duo simulator, and a few this layout must also survive.
nonisolated enum MeasuredFrames {
    /// Open: the inner display in points, held wide (book) and turned for tabletop.
    static let wide: CGRect = CGRect(x: 0, y: 0, width: 951, height: 669)
    static let tall: CGRect = CGRect(x: 0, y: 0, width: 669, height: 951)
    /// Book: a 40 pt fold at x 455, top to bottom. Tabletop: 40 pt at y 455, side to side.
    static let bookFold: CGRect = CGRect(x: 455, y: 0, width: 40, height: 669)
    static let tabletopFold: CGRect = CGRect(x: 0, y: 455, width: 669, height: 40)
    /// A phone-sized portrait screen standing in for the closed phone's outer display.
    static let closed: CGRect = CGRect(x: 0, y: 0, width: 393, height: 852)

    static func fold(_ frame: CGRect, active: Bool, in bounds: CGRect) -> FoldGeometry? {
        FoldGeometry(candidates: [FoldFrame(frame: frame, isActive: active)], in: bounds)
    }
}

func foldChecks(_ c: Checker) {
    typealias M = MeasuredFrames
    c.begin("Fold geometry from the reserved regions")
    let book: FoldGeometry? = M.fold(M.bookFold, active: true, in: M.wide)
    c.equal("book: the measured fold is found where it was measured", book?.frame, M.bookFold)
    c.check("book: it runs top to bottom and is active", book?.orientation == .vertical && book?.isActive == true)
    let tabletop: FoldGeometry? = M.fold(M.tabletopFold, active: true, in: M.tall)
    c.equal("tabletop: the measured fold is found where it was measured", tabletop?.frame, M.tabletopFold)
    c.check("tabletop: it runs side to side and is active", tabletop?.orientation == .horizontal && tabletop?.isActive == true)
    let flat: FoldGeometry? = M.fold(M.bookFold, active: false, in: M.wide)
    c.check("open and flat: the same fold, inactive", flat?.frame == M.bookFold && flat?.isActive == false)
    let thin: FoldGeometry? = M.fold(CGRect(x: 475.5, y: 0, width: 0, height: 669), active: false, in: M.wide)
    c.check("a zero-width inactive fold still runs top to bottom", thin?.orientation == .vertical && thin?.frame.width == 0)
    c.check("no candidates, no fold (the closed phone, an iPad)", FoldGeometry(candidates: [], in: M.wide) == nil)
    c.check("a region on the view's edge divides nothing", M.fold(CGRect(x: 0, y: 0, width: 40, height: 669), active: true, in: M.wide) == nil)
    c.check("a region outside the view divides nothing", M.fold(CGRect(x: 1200, y: 0, width: 40, height: 669), active: true, in: M.wide) == nil)
    c.check("a region a third of the view wide is not a fold", M.fold(CGRect(x: 300, y: 0, width: 317, height: 669), active: true, in: M.wide) == nil)
    let leadingHalf: CGRect = CGRect(x: 0, y: 0, width: 455, height: 669)
    c.check("a view beside the fold (the book's leading half) has no fold of its own", M.fold(M.bookFold, active: true, in: leadingHalf) == nil)
    let short: CGRect = CGRect(x: 0, y: 100, width: 951, height: 400)
    c.equal("a fold taller than the view is clipped to it", M.fold(M.bookFold, active: true, in: short)?.frame, CGRect(x: 455, y: 100, width: 40, height: 400))
    c.check("a fold that stops half way down divides nothing", M.fold(CGRect(x: 455, y: 0, width: 40, height: 300), active: true, in: M.wide) == nil)
    let both: FoldGeometry? = FoldGeometry(candidates: [FoldFrame(frame: M.bookFold, isActive: false), FoldFrame(frame: CGRect(x: 456, y: 0, width: 38, height: 669), isActive: true)], in: M.wide)
    c.check("an active candidate wins over an inactive one", both?.isActive == true && both?.frame.width == 38)
    let firstOfTwo: FoldGeometry? = FoldGeometry(candidates: [FoldFrame(frame: M.bookFold, isActive: true), FoldFrame(frame: CGRect(x: 456, y: 0, width: 38, height: 669), isActive: true)], in: M.wide)
    c.equal("otherwise the first candidate wins", firstOfTwo?.frame, M.bookFold)
    if let book {
        c.check("the fold crosses a bar across the screen", book.crosses(CGRect(x: 0, y: 600, width: 951, height: 60)))
        c.check("touching the fold's edge is not crossing it", !book.crosses(CGRect(x: 495, y: 0, width: 100, height: 100)) && !book.crosses(CGRect(x: 355, y: 0, width: 100, height: 100)))
    }

    c.begin("Fold regions: the splits")
    let bookRegions: FoldRegions = FoldRegions(bounds: M.wide, fold: book)
    c.equal("book: the leading region ends where the fold starts", bookRegions.bookSplit?.first, CGRect(x: 0, y: 0, width: 455, height: 669))
    c.equal("book: the trailing region starts where the fold ends", bookRegions.bookSplit?.second, CGRect(x: 495, y: 0, width: 456, height: 669))
    c.check("book: no tabletop split", bookRegions.tabletopSplit == nil)
    let tableRegions: FoldRegions = FoldRegions(bounds: M.tall, fold: tabletop)
    c.equal("tabletop: above the fold", tableRegions.tabletopSplit?.first, CGRect(x: 0, y: 0, width: 669, height: 455))
    c.equal("tabletop: below the fold", tableRegions.tabletopSplit?.second, CGRect(x: 0, y: 495, width: 669, height: 456))
    c.check("tabletop: no book split", tableRegions.bookSplit == nil)
    c.check("open and flat: nothing is split", FoldRegions(bounds: M.wide, fold: flat).split == nil)
    c.check("closed: nothing is split", FoldRegions(bounds: M.closed, fold: nil).split == nil)
    for (name, regions) in [("book", bookRegions), ("tabletop", tableRegions)] {
        let split: FoldRegions.Split? = regions.split
        let fold: FoldGeometry? = regions.fold
        let clear: Bool = split.map { !(fold?.crosses($0.first) ?? true) && !(fold?.crosses($0.second) ?? true) } ?? false
        c.check("\(name): neither region reaches into the fold", clear)
        let area: CGFloat = split.map { $0.first.width * $0.first.height + $0.second.width * $0.second.height } ?? 0
        let foldArea: CGFloat = (fold?.frame.width ?? 0) * (fold?.frame.height ?? 0)
        c.equal("\(name): the regions and the fold cover the screen exactly", area + foldArea, regions.bounds.width * regions.bounds.height)
    }

    c.begin("Fold regions: the mini player's span")
    c.equal("book: the trailing region", bookRegions.floatingBarSpan, 495...951)
    c.equal("open and flat: the trailing side of the fold line, so folding doesn't move it", FoldRegions(bounds: M.wide, fold: flat).floatingBarSpan, bookRegions.floatingBarSpan)
    c.equal("tabletop: the full width (the bottom is below the fold)", tableRegions.floatingBarSpan, 0...669)
    c.equal("closed: the full width", FoldRegions(bounds: M.closed, fold: nil).floatingBarSpan, 0...393)
    let late: FoldGeometry? = M.fold(CGRect(x: 800, y: 0, width: 40, height: 669), active: true, in: M.wide)
    c.equal("a trailing side too narrow for the bar: the wider side", FoldRegions(bounds: M.wide, fold: late).floatingBarSpan, 0...800)
    for (name, regions) in [("book", bookRegions), ("open and flat", FoldRegions(bounds: M.wide, fold: flat)), ("narrow trailing side", FoldRegions(bounds: M.wide, fold: late))] {
        let span: ClosedRange<CGFloat> = regions.floatingBarSpan
        let bar: CGRect = CGRect(x: span.lowerBound, y: regions.bounds.maxY - 64, width: span.upperBound - span.lowerBound, height: 64)
        c.check("\(name): a bar on that span never sits on the fold", !(regions.fold?.crosses(bar) ?? true), "\(bar)")
    }
}
