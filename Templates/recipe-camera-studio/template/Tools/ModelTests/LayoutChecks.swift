import Foundation

/// The seed's table, measured on the iPhone Duo simulator: every pose at its real size.
func layoutChecks(_ c: Checker) {
    c.begin("Layout")
    let all: [StudioControl] = StudioControl.ordered

    // Closed: 382 × 644, no fold.
    let closed: StudioLayout = StudioLayout(size: CGSize(width: 382, height: 644), fold: nil)
    c.equal("closed: controls float along the bottom", closed.arrangement, .floatingBottom)
    c.equal("closed: preview fills the screen", closed.preview, CGRect(x: 0, y: 0, width: 382, height: 644))
    c.equal("closed: a 132 pt bar at the bottom", closed.controls, CGRect(x: 0, y: 512, width: 382, height: 132))
    checkControls(c, "closed", closed, all)

    // Closed, held sideways.
    let sideways: StudioLayout = StudioLayout(size: CGSize(width: 644, height: 382), fold: nil)
    c.equal("closed sideways: controls float along the trailing edge", sideways.arrangement, .floatingTrailing)
    c.equal("closed sideways: a 132 pt column", sideways.controls, CGRect(x: 512, y: 0, width: 132, height: 382))
    checkControls(c, "closed sideways", sideways, all)

    // Open, flat, held wide: 867 × 635, inactive fold at x 455.5–495.5.
    let wideFold: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 40, height: 635), isActive: false)
    let openWide: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: wideFold)
    c.equal("open wide: preview keeps the whole screen", openWide.preview, CGRect(x: 0, y: 0, width: 867, height: 635))
    c.equal("open wide: column x 735 to 867", openWide.controls, CGRect(x: 735, y: 0, width: 132, height: 635))
    c.check("open wide: no control on the fold", !crossesFold(openWide, all))
    checkControls(c, "open wide", openWide, all)

    // The same pose if the inactive fold is reported with zero width.
    let thinFold: FoldFrame = FoldFrame(frame: CGRect(x: 475.5, y: 0, width: 0, height: 635), isActive: false)
    let openWideThin: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: thinFold)
    c.equal("open wide, zero-width fold: same column", openWideThin.controls, openWide.controls)

    // Open, flat, held tall: 669 × 835, inactive fold at y 373.5–413.5.
    let tallFold: FoldFrame = FoldFrame(frame: CGRect(x: 0, y: 373.5, width: 669, height: 40), isActive: false)
    let openTall: StudioLayout = StudioLayout(size: CGSize(width: 669, height: 835), fold: tallFold)
    c.equal("open tall: controls float along the bottom", openTall.arrangement, .floatingBottom)
    c.equal("open tall: preview keeps the whole screen", openTall.preview, CGRect(x: 0, y: 0, width: 669, height: 835))
    c.equal("open tall: bar y 703 to 835", openTall.controls, CGRect(x: 0, y: 703, width: 669, height: 132))
    c.check("open tall: no control on the fold", !crossesFold(openTall, all))

    // Book: the same size as open wide, the fold active.
    let bookFold: FoldFrame = FoldFrame(frame: wideFold.frame, isActive: true)
    let book: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: bookFold)
    c.equal("book: split left and right", book.arrangement, .foldLeftRight)
    c.equal("book: preview on the left page, 455.5 pt", book.preview, CGRect(x: 0, y: 0, width: 455.5, height: 635))
    c.equal("book: controls on the right page, 371.5 pt", book.controls, CGRect(x: 495.5, y: 0, width: 371.5, height: 635))
    c.check("book: no control on the fold", !crossesFold(book, all))
    checkControls(c, "book", book, all)

    // Tabletop: 669 × 835, fold active at y 373.5–413.5.
    let tableFold: FoldFrame = FoldFrame(frame: tallFold.frame, isActive: true)
    let tabletop: StudioLayout = StudioLayout(size: CGSize(width: 669, height: 835), fold: tableFold)
    c.equal("tabletop: split top and bottom", tabletop.arrangement, .foldTopBottom)
    c.equal("tabletop: preview above the fold, 373.5 pt", tabletop.preview, CGRect(x: 0, y: 0, width: 669, height: 373.5))
    c.equal("tabletop: controls below it, 421.5 pt", tabletop.controls, CGRect(x: 0, y: 413.5, width: 669, height: 421.5))
    c.check("tabletop: no control on the fold", !crossesFold(tabletop, all))
    c.equal("tabletop: the controls form a row", tabletop.controlsAxis, .horizontal)
    checkControls(c, "tabletop", tabletop, all)

    // The regions come from the fold's frame, never from half the width.
    let offCentre: FoldFrame = FoldFrame(frame: CGRect(x: 300, y: 0, width: 40, height: 635), isActive: true)
    let offCentreBook: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: offCentre)
    c.equal("an off-centre fold splits where it is", offCentreBook.preview.width, 300)
    let zeroWidthActive: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 0, height: 635), isActive: true)
    let thinBook: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: zeroWidthActive)
    c.equal("a zero-width active fold still splits", thinBook.controls.minX, 455.5)
    let outside: FoldFrame = FoldFrame(frame: CGRect(x: 900, y: 0, width: 40, height: 635), isActive: true)
    let outsideLayout: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: outside)
    c.check("a fold outside the screen is ignored", outsideLayout.previewFillsScreen)

    // A flat fold that would cross the floating controls moves them off it.
    let nearEdge: FoldFrame = FoldFrame(frame: CGRect(x: 500, y: 0, width: 40, height: 400), isActive: false)
    let nearEdgeLayout: StudioLayout = StudioLayout(size: CGSize(width: 600, height: 400), fold: nearEdge)
    c.check("a fold near the trailing edge: column moves before it", !nearEdge.crosses(nearEdgeLayout.controls), "\(nearEdgeLayout.controls)")
    c.check("a fold near the trailing edge: no control on it", !crossesFold(nearEdgeLayout, all))
    let across: FoldFrame = FoldFrame(frame: CGRect(x: 200, y: 0, width: 40, height: 900), isActive: false)
    let acrossLayout: StudioLayout = StudioLayout(size: CGSize(width: 700, height: 900), fold: across)
    c.check("a fold across the bottom bar: the bar keeps the larger side", acrossLayout.controls.minX >= 240, "\(acrossLayout.controls)")
    c.check("a fold across the bottom bar: no control on it", !crossesFold(acrossLayout, all))

    // Short regions shrink the small controls, never under 44 pt, never the shutter.
    let narrow: StudioLayout = StudioLayout(size: CGSize(width: 320, height: 500), fold: nil)
    let narrowFrames: [StudioControl: CGRect] = narrow.controlFrames(all)
    let smallest: CGFloat = narrowFrames.values.map(\.width).min() ?? 0
    c.check("a narrow bar shrinks controls to no less than 44 pt", smallest >= StudioLayout.minimumControlSize && smallest < StudioLayout.controlSize, "smallest \(smallest)")
    c.equal("a narrow bar keeps the 76 pt shutter", narrowFrames[.shutter]?.width ?? 0, StudioLayout.shutterDiameter)
    // 280 pt leaves (280 - 76) / 5 = 40.8 pt a control: the 44 pt floor itself is reached.
    c.equal("Apple's minimum tappable size is 44 pt", StudioLayout.minimumControlSize, 44)
    let narrowest: StudioLayout = StudioLayout(size: CGSize(width: 280, height: 500), fold: nil)
    let floorFrames: [StudioControl: CGRect] = narrowest.controlFrames(all)
    let floorSides: [CGFloat] = all.filter { $0 != .shutter }.map { floorFrames[$0]?.width ?? 0 }
    c.equal("a bar too short for 52 pt controls stops them at 44 pt", floorSides, [44, 44, 44, 44, 44])
    c.equal("at the 44 pt floor the shutter stays 76 pt", floorFrames[.shutter]?.width ?? 0, 76)

    let identifiers: Set<String> = Set(StudioControl.allCases.map(\.accessibilityIdentifier))
    c.equal("every control has its own identifier", identifiers.count, StudioControl.allCases.count)
    c.equal("the bar lists every control once", Set(StudioControl.ordered).count, StudioControl.allCases.count)
}

/// Sizes, containment and overlap of every control in one pose.
private func checkControls(_ c: Checker, _ pose: String, _ layout: StudioLayout, _ list: [StudioControl]) {
    let frames: [StudioControl: CGRect] = layout.controlFrames(list)
    var problems: [String] = []
    for control in list {
        guard let frame = frames[control] else {
            problems.append("\(control) missing")
            continue
        }
        // Apple's 44 pt, written out: comparing with the constant under test would prove nothing.
        if frame.width < 44 || frame.height < 44 {
            problems.append("\(control) under 44 pt")
        }
        if !layout.controls.contains(frame) {
            problems.append("\(control) outside the controls")
        }
        for other in list where other.rawValue < control.rawValue {
            if let otherFrame = frames[other], otherFrame.intersects(frame) {
                problems.append("\(control) overlaps \(other)")
            }
        }
    }
    c.check("\(pose): every control at least 44 pt, inside the controls, none overlapping", problems.isEmpty, problems.joined(separator: ", "))
    c.equal("\(pose): shutter 76 pt", frames[.shutter]?.width ?? 0, StudioLayout.shutterDiameter)
    c.equal("\(pose): other controls 52 pt", frames[.timer]?.height ?? 0, StudioLayout.controlSize)
}

private func crossesFold(_ layout: StudioLayout, _ list: [StudioControl]) -> Bool {
    guard let fold = layout.fold else { return false }
    let frames: [StudioControl: CGRect] = layout.controlFrames(list)
    return frames.values.contains { fold.crosses($0) }
}
