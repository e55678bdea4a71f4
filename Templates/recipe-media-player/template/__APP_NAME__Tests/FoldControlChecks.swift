import Foundation
import Testing
@testable import __APP_NAME__

/// A pose the controls are tried in: a name, the measured screen and its fold.
nonisolated struct FoldControlPose: Sendable, CustomTestStringConvertible {
    let name: String
    let bounds: CGRect
    let fold: FoldGeometry?

    var testDescription: String { name }

    /// Every open pose, flat as well as folded, at the measured sizes.
    static let open: [FoldControlPose] = {
        typealias M = MeasuredFrames
        return [
            FoldControlPose(name: "open and flat", bounds: M.wide, fold: M.fold(M.bookFold, active: false, in: M.wide)),
            FoldControlPose(name: "open and flat, held tall", bounds: M.tall, fold: M.fold(M.tabletopFold, active: false, in: M.tall)),
            FoldControlPose(name: "book", bounds: M.wide, fold: M.fold(M.bookFold, active: true, in: M.wide)),
            FoldControlPose(name: "tabletop", bounds: M.tall, fold: M.fold(M.tabletopFold, active: true, in: M.tall)),
        ]
    }()
}

/// The player's controls off the fold in every pose, flat as well as folded: the panel holds
/// the play button and the scrubber, and a button across the fold's hinge is hard to hit.
/// The sizes are the measured ones; a panel as tall as the layout allows is tried too.
@Test("Player controls off the fold", arguments: FoldControlPose.open, [CGFloat(180), 2000])
func foldControlChecks(pose: FoldControlPose, height: CGFloat) {
    let regions: PlayerRegions = PlayerRegions(bounds: pose.bounds, fold: pose.fold, controlsHeight: height)
    let foldFrame: CGRect = pose.fold?.frame ?? .null
    // Overlap with area, not a shared edge: book's controls begin where the fold ends.
    let overlap: CGRect = regions.controls.intersection(foldFrame)
    let onFold: Bool = !overlap.isNull && overlap.width > 0 && overlap.height > 0
    #expect(!onFold, "\(pose.name), controls \(Int(height)) pt tall: the panel is off the fold — controls \(regions.controls), fold \(foldFrame)")
}
