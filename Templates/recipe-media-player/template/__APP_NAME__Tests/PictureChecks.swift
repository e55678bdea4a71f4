import Foundation
import Testing
@testable import __APP_NAME__

/// The layout pictures: each draws what `PlayerRegions` and `FoldRegions` say, marks every
/// problem, and is well-formed SVG.
@Test("Layout pictures: each pose", arguments: PlayerPose.measured)
func pictureOfPose(_ pose: PlayerPose) {
    let regions: PlayerRegions = pose.regions
    let svg: String = LayoutSheet(title: pose.title, pictures: [pose.playerPicture, pose.libraryPicture]).svg()
    #expect(SVGShape.isWellFormed(svg), "\(pose.name): the picture is well-formed")
    #expect(SVGShape.drawn(id: "\(pose.name).region.video", in: svg, at: regions.video), "\(pose.name): the video drawn where the layout puts it")
    #expect(SVGShape.drawn(id: "\(pose.name).region.controls", in: svg, at: regions.controls), "\(pose.name): the controls drawn where the layout puts them")
    #expect(SVGShape.drawn(id: "library-\(pose.name).control.mini-player", in: svg, at: pose.miniPlayer), "\(pose.name): the mini player drawn inside its span")
    SVGShape.checkFold(pose: pose.name, fold: pose.fold?.frame, in: svg)
    let problems: [String] = pose.libraryPicture.problems
    #expect(problems.isEmpty, "\(pose.name): the mini player is off the fold, on the screen and at least 44 pt — \(problems.joined(separator: "; "))")
    if let fold = pose.fold, fold.isActive {
        #expect(!LayoutPicture.overlaps(fold.frame, regions.controls), "\(pose.name): the controls' region is off the active fold — \(regions.controls)")
    }
}

/// The sheets of every pose, and what a picture marks as a problem.
@Test("Layout pictures: the sheets and their problems")
func pictureSheets() {
    #expect(PlayerPose.measured[4].miniPlayer == CGRect(x: 507, y: 597, width: 432, height: 64), "book: the mini player keeps to the trailing side of the fold")
    #expect(PlayerPose.measured[0].miniPlayer == CGRect(x: 12, y: 780, width: 369, height: 64), "closed: the mini player spans the screen less its margins")

    let sheetSVG: String = PlayerPose.sheet.svg()
    #expect(SVGShape.isWellFormed(sheetSVG), "the player sheet is well-formed")
    let drawn: [String] = PlayerPose.measured.filter { sheetSVG.contains("<g id=\"pose.\($0.name)\"") }.map(\.name)
    #expect(drawn == PlayerPose.measured.map(\.name), "the player sheet shows every pose once")
    #expect(SVGShape.isWellFormed(PlayerPose.librarySheet.svg()) && !PlayerPose.librarySheet.svg().contains("problem\""), "the library sheet is well-formed and draws nothing in red")

    // A mini player across the book's fold, as a span ignoring the fold would put it, is marked.
    let book: PlayerPose = PlayerPose.measured[4]
    let straddling: LayoutPicture = LayoutPicture(
        name: "straddling", title: "Straddling", size: book.bounds.size, fold: book.fold?.frame, foldIsActive: true, regions: [],
        controls: [LayoutPicture.Control(label: "mini player", frame: CGRect(x: 12, y: 597, width: 927, height: 64))]
    )
    #expect(straddling.problems == ["mini player is on the fold"], "a mini player across the fold is named")
}
