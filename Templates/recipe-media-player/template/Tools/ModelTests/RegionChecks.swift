import Foundation

/// The player's regions in each pose of the README's table, at the measured sizes.
func regionChecks(_ c: Checker) {
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
    ]
    for pose in poses {
        c.begin("Player regions: \(pose.name)")
        let regions: PlayerRegions = PlayerRegions(bounds: pose.bounds, fold: pose.fold, controlsHeight: controlsHeight)
        c.equal("the arrangement", regions.arrangement, pose.arrangement)
        c.check("the video and the controls lie inside the screen", pose.bounds.contains(regions.video) && pose.bounds.contains(regions.controls), "video \(regions.video), controls \(regions.controls)")
        c.check("the video has room", regions.video.width >= 300 && regions.video.height >= 160, "\(regions.video.size)")
        c.check("the controls are never on an active fold", !(pose.fold?.crosses(regions.controls) ?? false) || !(pose.fold?.isActive ?? false), "\(regions.controls)")
        c.equal("the controls get the width proposed to them", regions.controls.width, PlayerRegions.controlsWidth(in: pose.bounds, fold: pose.fold))
    }
    let closed: PlayerRegions = PlayerRegions(bounds: M.closed, fold: nil, controlsHeight: controlsHeight)
    c.begin("Player regions: what each pose does")
    c.equal("closed: the controls float at the bottom, inset by the margin", closed.controls, CGRect(x: 16, y: 656, width: 361, height: 180))
    c.check("closed: the video moves up into the space above them", closed.video.minY == 0 && closed.video.maxY <= closed.controls.minY && closed.video.width == 393)
    c.check("closed: the up next card puts its buttons on their own row", closed.upNextButtonsOnOwnRow)
    let open: PlayerRegions = PlayerRegions(bounds: M.wide, fold: flat, controlsHeight: controlsHeight)
    c.equal("open and flat: the video fills the screen", open.video, M.wide)
    c.equal("open and flat: the controls float at the bottom, beside the fold on its trailing side", open.controls, CGRect(x: 511, y: 473, width: 424, height: 180))
    c.check("open and flat: the card's buttons sit beside it", !open.upNextButtonsOnOwnRow && open.controlsFloat)
    let bookRegions: PlayerRegions = PlayerRegions(bounds: M.wide, fold: book, controlsHeight: controlsHeight)
    c.equal("book: the video in the leading region", bookRegions.video, CGRect(x: 0, y: 0, width: 455, height: 669))
    c.equal("book: the controls in the trailing region", bookRegions.controls, CGRect(x: 495, y: 0, width: 456, height: 669))
    c.check("book: the controls own their region, with the card's buttons inline", !bookRegions.controlsFloat && !bookRegions.upNextButtonsOnOwnRow)
    let table: PlayerRegions = PlayerRegions(bounds: M.tall, fold: tabletop, controlsHeight: controlsHeight)
    c.equal("tabletop: the video above the fold", table.video, CGRect(x: 0, y: 0, width: 669, height: 455))
    c.equal("tabletop: the same controls below it", table.controls, CGRect(x: 0, y: 495, width: 669, height: 456))
    c.check("tabletop: watch above, touch below", table.video.maxY <= (tabletop?.frame.minY ?? 0) && table.controls.minY >= (tabletop?.frame.maxY ?? 1000))
    let noFold: PlayerRegions = PlayerRegions(bounds: M.wide, fold: nil, controlsHeight: controlsHeight)
    c.equal("the width alone never makes a pose: wide without a fold stacks", noFold.arrangement, .stacked)
    let huge: PlayerRegions = PlayerRegions(bounds: M.closed, fold: nil, controlsHeight: 2000)
    c.check("floating controls take at most half the screen, so the video stays in view", huge.controls.height == 426 && huge.video.height > 0)
    let folding: [PlayerRegions] = [open, bookRegions]
    c.check("folding from flat to book keeps the video leading and the controls trailing or centred", folding[0].video.minX == 0 && folding[1].video.minX == 0 && folding[1].controls.minX > folding[1].video.maxX)
    c.equal("every arrangement is reached by some pose", Set(poses.map(\.arrangement)), Set(PlayerRegions.Arrangement.allCases))
}
