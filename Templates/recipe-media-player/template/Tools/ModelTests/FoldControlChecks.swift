import Foundation

/// The player's controls off the fold in every pose, flat as well as folded: the panel holds
/// the play button and the scrubber, and a button across the fold's hinge is hard to hit.
/// The sizes are the measured ones; a panel as tall as the layout allows is tried too.
func foldControlChecks(_ c: Checker) {
    typealias M = MeasuredFrames
    c.begin("Player controls off the fold")
    let poses: [(name: String, bounds: CGRect, fold: FoldGeometry?)] = [
        ("open and flat", M.wide, M.fold(M.bookFold, active: false, in: M.wide)),
        ("open and flat, held tall", M.tall, M.fold(M.tabletopFold, active: false, in: M.tall)),
        ("book", M.wide, M.fold(M.bookFold, active: true, in: M.wide)),
        ("tabletop", M.tall, M.fold(M.tabletopFold, active: true, in: M.tall)),
    ]
    for pose in poses {
        for height in [CGFloat(180), 2000] {
            let regions: PlayerRegions = PlayerRegions(bounds: pose.bounds, fold: pose.fold, controlsHeight: height)
            let foldFrame: CGRect = pose.fold?.frame ?? .null
            // Overlap with area, not a shared edge: book's controls begin where the fold ends.
            let overlap: CGRect = regions.controls.intersection(foldFrame)
            let onFold: Bool = !overlap.isNull && overlap.width > 0 && overlap.height > 0
            c.check("\(pose.name), controls \(Int(height)) pt tall: the panel is off the fold", !onFold,
                    "controls \(regions.controls), fold \(foldFrame)")
        }
    }
}
