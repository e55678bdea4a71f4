import Foundation
import Testing
@testable import __APP_NAME__

/// The seed's table, measured on the iPhone Duo simulator: every pose at its real size.
@Test("Layout")
func layoutChecks() {
    let all: [StudioControl] = StudioControl.ordered

    // Closed: 382 × 644, no fold.
    let closed: StudioLayout = StudioLayout(size: CGSize(width: 382, height: 644), fold: nil)
    #expect(closed.arrangement == .floatingBottom, "closed: controls float along the bottom")
    #expect(closed.preview == CGRect(x: 0, y: 0, width: 382, height: 644), "closed: preview fills the screen")
    #expect(closed.controls == CGRect(x: 0, y: 512, width: 382, height: 132), "closed: a 132 pt bar at the bottom")
    checkControls("closed", closed, all)

    // Closed, held sideways.
    let sideways: StudioLayout = StudioLayout(size: CGSize(width: 644, height: 382), fold: nil)
    #expect(sideways.arrangement == .floatingTrailing, "closed sideways: controls float along the trailing edge")
    #expect(sideways.controls == CGRect(x: 512, y: 0, width: 132, height: 382), "closed sideways: a 132 pt column")
    checkControls("closed sideways", sideways, all)

    // Open, flat, held wide: 867 × 635, inactive fold at x 455.5–495.5.
    let wideFold: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 40, height: 635), isActive: false)
    let openWide: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: wideFold)
    #expect(openWide.preview == CGRect(x: 0, y: 0, width: 867, height: 635), "open wide: preview keeps the whole screen")
    #expect(openWide.controls == CGRect(x: 735, y: 0, width: 132, height: 635), "open wide: column x 735 to 867")
    #expect(!crossesFold(openWide, all), "open wide: no control on the fold")
    checkControls("open wide", openWide, all)

    // The same pose if the inactive fold is reported with zero width.
    let thinFold: FoldFrame = FoldFrame(frame: CGRect(x: 475.5, y: 0, width: 0, height: 635), isActive: false)
    let openWideThin: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: thinFold)
    #expect(openWideThin.controls == openWide.controls, "open wide, zero-width fold: same column")

    // Open, flat, held tall: 669 × 835, inactive fold at y 373.5–413.5.
    let tallFold: FoldFrame = FoldFrame(frame: CGRect(x: 0, y: 373.5, width: 669, height: 40), isActive: false)
    let openTall: StudioLayout = StudioLayout(size: CGSize(width: 669, height: 835), fold: tallFold)
    #expect(openTall.arrangement == .floatingBottom, "open tall: controls float along the bottom")
    #expect(openTall.preview == CGRect(x: 0, y: 0, width: 669, height: 835), "open tall: preview keeps the whole screen")
    #expect(openTall.controls == CGRect(x: 0, y: 703, width: 669, height: 132), "open tall: bar y 703 to 835")
    #expect(!crossesFold(openTall, all), "open tall: no control on the fold")

    // Book: the same size as open wide, the fold active.
    let bookFold: FoldFrame = FoldFrame(frame: wideFold.frame, isActive: true)
    let book: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: bookFold)
    #expect(book.arrangement == .foldLeftRight, "book: split left and right")
    #expect(book.preview == CGRect(x: 0, y: 0, width: 455.5, height: 635), "book: preview on the left page, 455.5 pt")
    #expect(book.controls == CGRect(x: 495.5, y: 0, width: 371.5, height: 635), "book: controls on the right page, 371.5 pt")
    #expect(!crossesFold(book, all), "book: no control on the fold")
    checkControls("book", book, all)

    // Tabletop: 669 × 835, fold active at y 373.5–413.5.
    let tableFold: FoldFrame = FoldFrame(frame: tallFold.frame, isActive: true)
    let tabletop: StudioLayout = StudioLayout(size: CGSize(width: 669, height: 835), fold: tableFold)
    #expect(tabletop.arrangement == .foldTopBottom, "tabletop: split top and bottom")
    #expect(tabletop.preview == CGRect(x: 0, y: 0, width: 669, height: 373.5), "tabletop: preview above the fold, 373.5 pt")
    #expect(tabletop.controls == CGRect(x: 0, y: 413.5, width: 669, height: 421.5), "tabletop: controls below it, 421.5 pt")
    #expect(!crossesFold(tabletop, all), "tabletop: no control on the fold")
    #expect(tabletop.controlsAxis == .horizontal, "tabletop: the controls form a row")
    checkControls("tabletop", tabletop, all)

    // The regions come from the fold's frame, never from half the width.
    let offCentre: FoldFrame = FoldFrame(frame: CGRect(x: 300, y: 0, width: 40, height: 635), isActive: true)
    let offCentreBook: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: offCentre)
    #expect(offCentreBook.preview.width == 300, "an off-centre fold splits where it is")
    let zeroWidthActive: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 0, height: 635), isActive: true)
    let thinBook: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: zeroWidthActive)
    #expect(thinBook.controls.minX == 455.5, "a zero-width active fold still splits")
    let outside: FoldFrame = FoldFrame(frame: CGRect(x: 900, y: 0, width: 40, height: 635), isActive: true)
    let outsideLayout: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: outside)
    #expect(outsideLayout.previewFillsScreen, "a fold outside the screen is ignored")

    // A flat fold that would cross the floating controls moves them off it.
    let nearEdge: FoldFrame = FoldFrame(frame: CGRect(x: 500, y: 0, width: 40, height: 400), isActive: false)
    let nearEdgeLayout: StudioLayout = StudioLayout(size: CGSize(width: 600, height: 400), fold: nearEdge)
    #expect(!nearEdge.crosses(nearEdgeLayout.controls), "a fold near the trailing edge: column moves before it — \(nearEdgeLayout.controls)")
    #expect(!crossesFold(nearEdgeLayout, all), "a fold near the trailing edge: no control on it")
    let across: FoldFrame = FoldFrame(frame: CGRect(x: 200, y: 0, width: 40, height: 900), isActive: false)
    let acrossLayout: StudioLayout = StudioLayout(size: CGSize(width: 700, height: 900), fold: across)
    #expect(acrossLayout.controls.minX >= 240, "a fold across the bottom bar: the bar keeps the larger side — \(acrossLayout.controls)")
    #expect(!crossesFold(acrossLayout, all), "a fold across the bottom bar: no control on it")

    // Short regions shrink the small controls, never under 44 pt, never the shutter.
    let narrow: StudioLayout = StudioLayout(size: CGSize(width: 320, height: 500), fold: nil)
    let narrowFrames: [StudioControl: CGRect] = narrow.controlFrames(all)
    let smallest: CGFloat = narrowFrames.values.map(\.width).min() ?? 0
    #expect(smallest >= StudioLayout.minimumControlSize && smallest < StudioLayout.controlSize, "a narrow bar shrinks controls to no less than 44 pt — smallest \(smallest)")
    #expect(narrowFrames[.shutter]?.width ?? 0 == StudioLayout.shutterDiameter, "a narrow bar keeps the 76 pt shutter")
    // 280 pt leaves (280 - 76) / 5 = 40.8 pt a control: the 44 pt floor itself is reached.
    #expect(StudioLayout.minimumControlSize == 44, "Apple's minimum tappable size is 44 pt")
    let narrowest: StudioLayout = StudioLayout(size: CGSize(width: 280, height: 280), fold: nil)
    let floorFrames: [StudioControl: CGRect] = narrowest.controlFrames(all)
    let floorSides: [CGFloat] = all.filter { $0 != .shutter }.map { floorFrames[$0]?.width ?? 0 }
    #expect(floorSides == [44, 44, 44, 44, 44], "a bar too short for 52 pt controls stops them at 44 pt")
    #expect(floorFrames[.shutter]?.width ?? 0 == 76, "at the 44 pt floor the shutter stays 76 pt")
    // A bar too short for every control at 44 pt (76 + 5 × 44 = 296 pt) in a taller window: a
    // column, where they all fit, rather than controls spilling out of the window.
    let slim: StudioLayout = StudioLayout(size: CGSize(width: 280, height: 500), fold: nil)
    #expect(slim.arrangement == .floatingTrailing && slim.controls.height == 500, "a slim window puts the controls in a column — \(slim.arrangement)")
    checkControls("slim window", slim, all)

    // An active fold near the window's edge (the studio beside another app): a page thinner
    // than the bar holds nothing, and the studio is laid out flat on the other page.
    let halfRight: StudioLayout = StudioLayout(size: CGSize(width: 433.5, height: 635),
                                               fold: FoldFrame(frame: CGRect(x: 22, y: 0, width: 40, height: 635), isActive: true))
    #expect(halfRight.arrangement == .floatingBottom && halfRight.preview == CGRect(x: 62, y: 0, width: 371.5, height: 635),
            "book, right half of the screen: the studio takes the page right of the fold — \(halfRight.arrangement), \(halfRight.preview)")
    #expect(!crossesFold(halfRight, all), "book, right half: no control on the fold")
    checkControls("book, right half", halfRight, all)
    let shortTable: StudioLayout = StudioLayout(size: CGSize(width: 669, height: 470),
                                                fold: FoldFrame(frame: CGRect(x: 0, y: 373.5, width: 669, height: 40), isActive: true))
    #expect(shortTable.preview == CGRect(x: 0, y: 0, width: 669, height: 373.5) && !crossesFold(shortTable, all),
            "tabletop in a short window: the studio above the fold, nothing on it — \(shortTable.arrangement), \(shortTable.controls)")
    checkControls("tabletop, short window", shortTable, all)

    let identifiers: Set<String> = Set(StudioControl.allCases.map(\.accessibilityIdentifier))
    #expect(identifiers.count == StudioControl.allCases.count, "every control has its own identifier")
    #expect(Set(StudioControl.ordered).count == StudioControl.allCases.count, "the bar lists every control once")
}

/// Sizes, containment and overlap of every control in one pose.
private func checkControls(_ pose: String, _ layout: StudioLayout, _ list: [StudioControl]) {
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
    #expect(problems.isEmpty, "\(pose): every control at least 44 pt, inside the controls, none overlapping — \(problems.joined(separator: ", "))")
    #expect(frames[.shutter]?.width ?? 0 == StudioLayout.shutterDiameter, "\(pose): shutter 76 pt")
    #expect(frames[.timer]?.height ?? 0 == StudioLayout.controlSize, "\(pose): other controls 52 pt")
}

private func crossesFold(_ layout: StudioLayout, _ list: [StudioControl]) -> Bool {
    guard let fold = layout.fold else { return false }
    let frames: [StudioControl: CGRect] = layout.controlFrames(list)
    return frames.values.contains { fold.crosses($0) }
}
