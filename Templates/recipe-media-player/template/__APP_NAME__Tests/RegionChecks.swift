import Foundation
import Testing
@testable import __APP_NAME__

/// The player's regions in each pose of the README's table, at the measured sizes.
@Test("Player regions: what each pose does")
func regionChecks() {
    typealias M = MeasuredFrames
    let controlsHeight: CGFloat = 180
    let book: FoldGeometry? = M.fold(M.bookFold, active: true, in: M.wide)
    let flat: FoldGeometry? = M.fold(M.bookFold, active: false, in: M.wide)
    let tabletop: FoldGeometry? = M.fold(M.tabletopFold, active: true, in: M.tall)
    let tallFlat: FoldGeometry? = M.fold(M.tabletopFold, active: false, in: M.tall)
    let poses: [(name: String, bounds: CGRect, fold: FoldGeometry?, arrangement: PlayerRegions.Arrangement)] = [
        ("closed", M.closed, nil, .stacked),
        ("open and flat", M.wide, flat, .floating),
        ("open and flat, held tall", M.tall, tallFlat, .floating),
        ("book", M.wide, book, .sideBySide),
        ("tabletop", M.tall, tabletop, .aboveAndBelow),
        ("an iPad (no fold)", CGRect(x: 0, y: 0, width: 1024, height: 1366), nil, .stacked),
        // Beside another app, in a window two thirds of the open screen wide: in book the fold
        // leaves 139 pt on the trailing side, too thin for the controls, which float beside it.
        ("book, two thirds of the screen", M.twoThirds, M.fold(M.bookFold, active: true, in: M.twoThirds), .floating),
    ]
    for pose in poses {
        // Player regions: \(pose.name)
        let regions: PlayerRegions = PlayerRegions(bounds: pose.bounds, fold: pose.fold, controlsHeight: controlsHeight)
        #expect(regions.arrangement == pose.arrangement, "the arrangement")
        #expect(pose.bounds.contains(regions.video) && pose.bounds.contains(regions.controls), "the video and the controls lie inside the screen — video \(regions.video), controls \(regions.controls)")
        #expect(regions.video.width >= 300 && regions.video.height >= 160, "the video has room — \(regions.video.size)")
        #expect(!(pose.fold?.crosses(regions.controls) ?? false), "\(pose.name): the controls are never on the fold — \(regions.controls)")
        #expect(regions.controls.width == PlayerRegions.controlsWidth(in: pose.bounds, fold: pose.fold), "the controls get the width proposed to them")
        // As wide as the closed phone's at least (361 pt there): every button fits in a row.
        #expect(regions.controls.width >= 320, "\(pose.name): the controls have room for their buttons — \(regions.controls.width) pt")
    }
    let closed: PlayerRegions = PlayerRegions(bounds: M.closed, fold: nil, controlsHeight: controlsHeight)
    #expect(closed.controls == CGRect(x: 16, y: 656, width: 361, height: 180), "closed: the controls float at the bottom, inset by the margin")
    #expect(closed.video.minY == 0 && closed.video.maxY <= closed.controls.minY && closed.video.width == 393, "closed: the video moves up into the space above them")
    #expect(closed.upNextButtonsOnOwnRow, "closed: the up next card puts its buttons on their own row")
    let open: PlayerRegions = PlayerRegions(bounds: M.wide, fold: flat, controlsHeight: controlsHeight)
    #expect(open.video == M.wide, "open and flat: the video fills the screen")
    #expect(open.controls == CGRect(x: 511, y: 473, width: 424, height: 180), "open and flat: the controls float at the bottom, beside the fold on its trailing side")
    #expect(!open.upNextButtonsOnOwnRow && open.controlsFloat, "open and flat: the card's buttons sit beside it")
    let bookRegions: PlayerRegions = PlayerRegions(bounds: M.wide, fold: book, controlsHeight: controlsHeight)
    #expect(bookRegions.video == CGRect(x: 0, y: 0, width: 455, height: 669), "book: the video in the leading region")
    #expect(bookRegions.controls == CGRect(x: 495, y: 0, width: 456, height: 669), "book: the controls in the trailing region")
    #expect(!bookRegions.controlsFloat && !bookRegions.upNextButtonsOnOwnRow, "book: the controls own their region, with the card's buttons inline")
    let table: PlayerRegions = PlayerRegions(bounds: M.tall, fold: tabletop, controlsHeight: controlsHeight)
    #expect(table.video == CGRect(x: 0, y: 0, width: 669, height: 455), "tabletop: the video above the fold")
    #expect(table.controls == CGRect(x: 0, y: 495, width: 669, height: 456), "tabletop: the same controls below it")
    #expect(table.video.maxY <= (tabletop?.frame.minY ?? 0) && table.controls.minY >= (tabletop?.frame.maxY ?? 1000), "tabletop: watch above, touch below")
    let noFold: PlayerRegions = PlayerRegions(bounds: M.wide, fold: nil, controlsHeight: controlsHeight)
    #expect(noFold.arrangement == .stacked, "the width alone never makes a pose: wide without a fold stacks")
    let huge: PlayerRegions = PlayerRegions(bounds: M.closed, fold: nil, controlsHeight: 2000)
    #expect(huge.controls.height == 426 && huge.video.height > 0, "floating controls take at most half the screen, so the video stays in view")
    let folding: [PlayerRegions] = [open, bookRegions]
    #expect(folding[0].video.minX == 0 && folding[1].video.minX == 0 && folding[1].controls.minX > folding[1].video.maxX, "folding from flat to book keeps the video leading and the controls trailing or centred")
    #expect(Set(poses.map(\.arrangement)) == Set(PlayerRegions.Arrangement.allCases), "every arrangement is reached by some pose")
}
