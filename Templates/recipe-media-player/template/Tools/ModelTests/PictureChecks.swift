import Foundation

/// The layout pictures: each draws what `PlayerRegions` and `FoldRegions` say, marks every
/// problem, and is well-formed SVG.
func pictureChecks(_ c: Checker) {
    c.begin("Layout pictures")
    for pose in PlayerPose.measured {
        let regions: PlayerRegions = pose.regions
        let svg: String = LayoutSheet(title: pose.title, pictures: [pose.playerPicture, pose.libraryPicture]).svg()
        c.check("\(pose.name): the picture is well-formed", SVGShape.isWellFormed(svg))
        c.check("\(pose.name): the video drawn where the layout puts it", SVGShape.drawn(id: "\(pose.name).region.video", in: svg, at: regions.video))
        c.check("\(pose.name): the controls drawn where the layout puts them", SVGShape.drawn(id: "\(pose.name).region.controls", in: svg, at: regions.controls))
        c.check("\(pose.name): the mini player drawn inside its span", SVGShape.drawn(id: "library-\(pose.name).control.mini-player", in: svg, at: pose.miniPlayer))
        SVGShape.checkFold(c, pose: pose.name, fold: pose.fold?.frame, in: svg)
        let problems: [String] = pose.libraryPicture.problems
        c.check("\(pose.name): the mini player is off the fold, on the screen and at least 44 pt", problems.isEmpty, problems.joined(separator: "; "))
        if let fold = pose.fold, fold.isActive {
            c.check("\(pose.name): the controls' region is off the active fold", !LayoutPicture.overlaps(fold.frame, regions.controls), "\(regions.controls)")
        }
    }
    c.equal("book: the mini player keeps to the trailing side of the fold", PlayerPose.measured[4].miniPlayer, CGRect(x: 507, y: 597, width: 432, height: 64))
    c.equal("closed: the mini player spans the screen less its margins", PlayerPose.measured[0].miniPlayer, CGRect(x: 12, y: 780, width: 369, height: 64))

    let sheetSVG: String = PlayerPose.sheet.svg()
    c.check("the player sheet is well-formed", SVGShape.isWellFormed(sheetSVG))
    let drawn: [String] = PlayerPose.measured.filter { sheetSVG.contains("<g id=\"pose.\($0.name)\"") }.map(\.name)
    c.equal("the player sheet shows every pose once", drawn, PlayerPose.measured.map(\.name))
    c.check("the library sheet is well-formed and draws nothing in red", SVGShape.isWellFormed(PlayerPose.librarySheet.svg()) && !PlayerPose.librarySheet.svg().contains("problem\""))

    // A mini player across the book's fold, as a span ignoring the fold would put it, is marked.
    let book: PlayerPose = PlayerPose.measured[4]
    let straddling: LayoutPicture = LayoutPicture(
        name: "straddling", title: "Straddling", size: book.bounds.size, fold: book.fold?.frame, foldIsActive: true, regions: [],
        controls: [LayoutPicture.Control(label: "mini player", frame: CGRect(x: 12, y: 597, width: 927, height: 64))]
    )
    c.equal("a mini player across the fold is named", straddling.problems, ["mini player is on the fold"])
}
