import Foundation
import Testing
@testable import __APP_NAME__

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
    /// Not measured: a window beside another app, two thirds of the open screen held wide, in
    /// which the fold lands 139 pt from the trailing edge.
    static let twoThirds: CGRect = CGRect(x: 0, y: 0, width: 634, height: 669)

    static func fold(_ frame: CGRect, active: Bool, in bounds: CGRect) -> FoldGeometry? {
        FoldGeometry(candidates: [FoldFrame(frame: frame, isActive: active)], in: bounds)
    }
}

@Test("Fold geometry from the reserved regions")
func foldChecks() {
    typealias M = MeasuredFrames
    let book: FoldGeometry? = M.fold(M.bookFold, active: true, in: M.wide)
    #expect(book?.frame == M.bookFold, "book: the measured fold is found where it was measured")
    #expect(book?.orientation == .vertical && book?.isActive == true, "book: it runs top to bottom and is active")
    let tabletop: FoldGeometry? = M.fold(M.tabletopFold, active: true, in: M.tall)
    #expect(tabletop?.frame == M.tabletopFold, "tabletop: the measured fold is found where it was measured")
    #expect(tabletop?.orientation == .horizontal && tabletop?.isActive == true, "tabletop: it runs side to side and is active")
    let flat: FoldGeometry? = M.fold(M.bookFold, active: false, in: M.wide)
    #expect(flat?.frame == M.bookFold && flat?.isActive == false, "open and flat: the same fold, inactive")
    let thin: FoldGeometry? = M.fold(CGRect(x: 475.5, y: 0, width: 0, height: 669), active: false, in: M.wide)
    #expect(thin?.orientation == .vertical && thin?.frame.width == 0, "a zero-width inactive fold still runs top to bottom")
    #expect(FoldGeometry(candidates: [], in: M.wide) == nil, "no candidates, no fold (the closed phone, an iPad)")
    #expect(M.fold(CGRect(x: 0, y: 0, width: 40, height: 669), active: true, in: M.wide) == nil, "a region on the view's edge divides nothing")
    #expect(M.fold(CGRect(x: 1200, y: 0, width: 40, height: 669), active: true, in: M.wide) == nil, "a region outside the view divides nothing")
    #expect(M.fold(CGRect(x: 300, y: 0, width: 317, height: 669), active: true, in: M.wide) == nil, "a region a third of the view wide is not a fold")
    let leadingHalf: CGRect = CGRect(x: 0, y: 0, width: 455, height: 669)
    #expect(M.fold(M.bookFold, active: true, in: leadingHalf) == nil, "a view beside the fold (the book's leading half) has no fold of its own")
    let short: CGRect = CGRect(x: 0, y: 100, width: 951, height: 400)
    #expect(M.fold(M.bookFold, active: true, in: short)?.frame == CGRect(x: 455, y: 100, width: 40, height: 400), "a fold taller than the view is clipped to it")
    #expect(M.fold(CGRect(x: 455, y: 0, width: 40, height: 300), active: true, in: M.wide) == nil, "a fold that stops half way down divides nothing")
    let both: FoldGeometry? = FoldGeometry(candidates: [FoldFrame(frame: M.bookFold, isActive: false), FoldFrame(frame: CGRect(x: 456, y: 0, width: 38, height: 669), isActive: true)], in: M.wide)
    #expect(both?.isActive == true && both?.frame.width == 38, "an active candidate wins over an inactive one")
    let firstOfTwo: FoldGeometry? = FoldGeometry(candidates: [FoldFrame(frame: M.bookFold, isActive: true), FoldFrame(frame: CGRect(x: 456, y: 0, width: 38, height: 669), isActive: true)], in: M.wide)
    #expect(firstOfTwo?.frame == M.bookFold, "otherwise the first candidate wins")
    if let book {
        #expect(book.crosses(CGRect(x: 0, y: 600, width: 951, height: 60)), "the fold crosses a bar across the screen")
        #expect(!book.crosses(CGRect(x: 495, y: 0, width: 100, height: 100)) && !book.crosses(CGRect(x: 355, y: 0, width: 100, height: 100)), "touching the fold's edge is not crossing it")
    }

    // Fold regions: the splits
    let bookRegions: FoldRegions = FoldRegions(bounds: M.wide, fold: book)
    #expect(bookRegions.bookSplit?.first == CGRect(x: 0, y: 0, width: 455, height: 669), "book: the leading region ends where the fold starts")
    #expect(bookRegions.bookSplit?.second == CGRect(x: 495, y: 0, width: 456, height: 669), "book: the trailing region starts where the fold ends")
    #expect(bookRegions.tabletopSplit == nil, "book: no tabletop split")
    let tableRegions: FoldRegions = FoldRegions(bounds: M.tall, fold: tabletop)
    #expect(tableRegions.tabletopSplit?.first == CGRect(x: 0, y: 0, width: 669, height: 455), "tabletop: above the fold")
    #expect(tableRegions.tabletopSplit?.second == CGRect(x: 0, y: 495, width: 669, height: 456), "tabletop: below the fold")
    #expect(tableRegions.bookSplit == nil, "tabletop: no book split")
    #expect(FoldRegions(bounds: M.wide, fold: flat).split == nil, "open and flat: nothing is split")
    #expect(FoldRegions(bounds: M.closed, fold: nil).split == nil, "closed: nothing is split")
    for (name, regions) in [("book", bookRegions), ("tabletop", tableRegions)] {
        let split: FoldRegions.Split? = regions.split
        let fold: FoldGeometry? = regions.fold
        let clear: Bool = split.map { !(fold?.crosses($0.first) ?? true) && !(fold?.crosses($0.second) ?? true) } ?? false
        #expect(clear, "\(name): neither region reaches into the fold")
        let area: CGFloat = split.map { $0.first.width * $0.first.height + $0.second.width * $0.second.height } ?? 0
        let foldArea: CGFloat = (fold?.frame.width ?? 0) * (fold?.frame.height ?? 0)
        #expect(area + foldArea == regions.bounds.width * regions.bounds.height, "\(name): the regions and the fold cover the screen exactly")
    }

    // Fold regions: the mini player's span
    #expect(bookRegions.floatingBarSpan == 495...951, "book: the trailing region")
    #expect(FoldRegions(bounds: M.wide, fold: flat).floatingBarSpan == bookRegions.floatingBarSpan, "open and flat: the trailing side of the fold line, so folding doesn't move it")
    #expect(tableRegions.floatingBarSpan == 0...669, "tabletop: the full width (the bottom is below the fold)")
    #expect(FoldRegions(bounds: M.closed, fold: nil).floatingBarSpan == 0...393, "closed: the full width")
    let late: FoldGeometry? = M.fold(CGRect(x: 800, y: 0, width: 40, height: 669), active: true, in: M.wide)
    #expect(FoldRegions(bounds: M.wide, fold: late).floatingBarSpan == 0...800, "a trailing side too narrow for the bar: the wider side")
    for (name, regions) in [("book", bookRegions), ("open and flat", FoldRegions(bounds: M.wide, fold: flat)), ("narrow trailing side", FoldRegions(bounds: M.wide, fold: late))] {
        let span: ClosedRange<CGFloat> = regions.floatingBarSpan
        let bar: CGRect = CGRect(x: span.lowerBound, y: regions.bounds.maxY - 64, width: span.upperBound - span.lowerBound, height: 64)
        #expect(!(regions.fold?.crosses(bar) ?? true), "\(name): a bar on that span never sits on the fold — \(bar)")
    }
}
