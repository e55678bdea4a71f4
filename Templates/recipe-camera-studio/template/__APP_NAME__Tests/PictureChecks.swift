import Foundation
import Testing
@testable import __APP_NAME__

/// The layout pictures: what they draw is what the layout says, they mark every problem, and
/// they are well-formed SVG. Each pose's picture, one test case a pose:
@Test("Layout pictures: each pose", arguments: StudioPose.measured)
func pictureOfPose(_ pose: StudioPose) {
    let picture: LayoutPicture = pose.picture
    let layout: StudioLayout = pose.layout
    #expect(picture.problems.isEmpty, "\(pose.name): nothing on the fold, under 44 pt, off the screen or overlapping — \(picture.problems.joined(separator: "; "))")
    let svg: String = LayoutSheet(title: pose.title, pictures: [picture]).svg()
    #expect(SVGShape.isWellFormed(svg), "\(pose.name): the picture is well-formed — unbalanced or unquoted markup")
    #expect(SVGShape.drawn(id: "\(pose.name).region.preview", in: svg, at: layout.preview), "\(pose.name): the preview drawn where the layout puts it")
    #expect(SVGShape.drawn(id: "\(pose.name).region.controls", in: svg, at: layout.controls), "\(pose.name): the controls' region drawn where the layout puts it")
    SVGShape.checkFold(pose: pose.name, fold: pose.fold?.frame, in: svg)
    let frames: [StudioControl: CGRect] = layout.controlFrames(StudioControl.ordered)
    let misplaced: [String] = StudioControl.ordered.filter { control in
        frames[control].map { !SVGShape.drawn(id: "\(pose.name).control.\(SVGText.identifier(control.rawValue))", in: svg, at: $0) } ?? true
    }.map(\.rawValue)
    #expect(misplaced.isEmpty, "\(pose.name): every control drawn at its frame — misplaced: \(misplaced.joined(separator: ", "))")
}

/// The sheet of every pose, and what a picture marks as a problem.
@Test("Layout pictures: the sheet and its problems")
func pictureSheet() {
    let sheet: LayoutSheet = StudioPose.sheet
    let sheetSVG: String = sheet.svg()
    #expect(SVGShape.isWellFormed(sheetSVG), "the sheet is well-formed")
    let drawn: [String] = StudioPose.measured.filter { sheetSVG.contains("<g id=\"pose.\($0.name)\"") }.map(\.name)
    #expect(drawn == StudioPose.measured.map(\.name), "the sheet shows every measured pose once")
    // 40 px margin, then each pose at half scale (4,098 pt in all) followed by a 40 px gap.
    #expect(sheet.size.width == CGFloat(2329), "the sheet is as wide as its poses at half scale with 40 px gaps")
    // The 48 px title, the tallest pose (835 pt) at half scale, the 64 px captions.
    #expect(sheet.size.height == CGFloat(529.5), "the sheet is as tall as the tallest pose, its title and captions")
    #expect(sheet.origins.map(\.x) == [CGFloat(40), 271, 633, 1106.5, 1481, 1954.5], "the poses sit side by side, to one scale")

    // A picture marks what the checks forbid: move a control onto the fold, shrink one, overlap two.
    let fold: CGRect = StudioPose.wideFold
    let broken: LayoutPicture = LayoutPicture(
        name: "broken", title: "Broken", size: CGSize(width: 867, height: 635), fold: fold, foldIsActive: true,
        regions: [LayoutPicture.Region(name: "controls", kind: .controls, frame: CGRect(x: 400, y: 0, width: 467, height: 635))],
        controls: [
            LayoutPicture.Control(label: "shutter", frame: CGRect(x: 440, y: 100, width: 76, height: 76)),
            LayoutPicture.Control(label: "tiny", frame: CGRect(x: 600, y: 100, width: 30, height: 30), hitRegion: CGRect(x: 600, y: 100, width: 30, height: 30)),
            LayoutPicture.Control(label: "twin", frame: CGRect(x: 610, y: 110, width: 52, height: 52)),
            LayoutPicture.Control(label: "lost", frame: CGRect(x: 850, y: 600, width: 52, height: 52)),
        ]
    )
    #expect(broken.problems == [
        "shutter is on the fold",
        "tiny answers touches in less than 44 × 44 pt",
        "twin overlaps tiny",
        "lost leaves the screen",
    ], "a broken layout: each problem named")
    let brokenSVG: String = LayoutSheet(title: "Broken", pictures: [broken]).svg()
    #expect(brokenSVG.contains("id=\"broken.control.shutter\" class=\"control problem\""), "a broken layout: the control on the fold drawn in red")
    #expect(brokenSVG.contains("shutter is on the fold; tiny answers"), "a broken layout: the problems written under the picture")
    #expect(!sheetSVG.contains("problem\""), "a sound layout: nothing drawn in red")
    #expect(!LayoutPicture.overlaps(fold, CGRect(x: 495.5, y: 0, width: 52, height: 52)), "a control touching the fold's edge is not on it")
    #expect(LayoutPicture.overlaps(CGRect(x: 475.5, y: 0, width: 0, height: 635), CGRect(x: 450, y: 0, width: 52, height: 52)), "a zero-width fold runs through what it crosses")

    // Hit regions grow small controls about their centre to 44 pt, and keep larger ones.
    #expect(LayoutPicture.hitRegion(around: CGRect(x: 10, y: 10, width: 30, height: 30)) == CGRect(x: 3, y: 3, width: 44, height: 44), "a 30 pt control answers in 44 × 44 pt")
    #expect(LayoutPicture.hitRegion(around: CGRect(x: 0, y: 0, width: 20, height: 60)) == CGRect(x: -12, y: 0, width: 44, height: 60), "a 20 × 60 pt control answers in 44 × 60 pt")
    #expect(LayoutPicture.hitRegion(around: CGRect(x: 5, y: 5, width: 52, height: 52)) == CGRect(x: 5, y: 5, width: 52, height: 52), "a 52 pt control answers in its own frame")

    // Numbers and text come out the same on every platform.
    #expect(SVGText.number(132) == "132", "numbers: whole")
    #expect(SVGText.number(455.5) == "455.5", "numbers: one decimal")
    #expect(SVGText.number(0.05) == "0.05", "numbers: two decimals")
    #expect(SVGText.number(-12.25) == "-12.25", "numbers: negative")
    #expect(SVGText.number(1.0 / 3.0) == "0.33", "numbers: rounded to hundredths")
    #expect(SVGText.escaped("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;", "text is escaped")
    #expect(SVGText.identifier("Closed, sideways 2") == "closed-sideways-2", "ids keep letters and digits")
    #expect(!SVGShape.isWellFormed("<svg><g></svg>"), "the checker refuses unbalanced markup")
    #expect(!SVGShape.isWellFormed("<svg><rect x=1/></svg>"), "the checker refuses an unquoted attribute")
}

/// The sheet and one picture per pose, as `--pictures DIR` writes them.
func pictureFiles() -> [(name: String, sheet: LayoutSheet)] {
    [("layouts.svg", StudioPose.sheet)] + StudioPose.measured.map { pose in
        ("layout-\(pose.name).svg", LayoutSheet(title: pose.title, pictures: [pose.picture]))
    }
}
