import Foundation
@testable import __APP_NAME__

/// One pose's layout as a picture: the screen, the fold, every region and every control with
/// its hit region, drawn to scale as SVG from the same frames the app places its views at.
///
/// On Linux and in CI there is no simulator to screenshot, and a list of numbers is hard to
/// judge. A picture shows at a glance what the numeric checks guard: a control on the fold, two
/// controls overlapping, or a hit region under Apple's 44 pt minimum is drawn in red and listed
/// in `problems`.
nonisolated struct LayoutPicture: Sendable, Equatable {
    /// What a region holds, which sets its colour.
    nonisolated enum Kind: String, Sendable, Equatable {
        /// What people watch: the preview, the video.
        case content
        /// Where the controls sit.
        case controls
        /// A panel beside or over the content: a gallery, a library, a card, a mini player.
        case panel
    }

    /// A region of the screen, in points from the screen's top-left corner.
    nonisolated struct Region: Sendable, Equatable {
        let name: String
        let kind: Kind
        let frame: CGRect
    }

    /// A control: where it is drawn and where it answers a touch.
    nonisolated struct Control: Sendable, Equatable {
        let label: String
        let frame: CGRect
        let hitRegion: CGRect

        /// A control whose hit region is its frame grown, about its centre, to at least 44 × 44 pt.
        init(label: String, frame: CGRect) {
            self.init(label: label, frame: frame, hitRegion: LayoutPicture.hitRegion(around: frame))
        }

        init(label: String, frame: CGRect, hitRegion: CGRect) {
            self.label = label
            self.frame = frame
            self.hitRegion = hitRegion
        }
    }

    /// Apple's minimum tappable size.
    static let minimumHitSize: CGFloat = 44

    /// A short name, used in element ids (`book`, `closed-sideways`).
    let name: String
    /// What the label under the picture says (`Book`).
    let title: String
    let size: CGSize
    /// The fold's frame when the screen has one, active or not.
    let fold: CGRect?
    let foldIsActive: Bool
    let regions: [Region]
    let controls: [Control]

    /// The smallest rectangle of at least 44 × 44 pt centred on `frame` and containing it.
    static func hitRegion(around frame: CGRect) -> CGRect {
        let width: CGFloat = max(frame.width, minimumHitSize)
        let height: CGFloat = max(frame.height, minimumHitSize)
        return CGRect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
    }

    /// Whether `a` and `b` share inner area. Touching edges do not overlap, and a zero-width
    /// fold still overlaps what it runs through, so strict comparisons are used, not `intersects`.
    static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY
    }

    /// Everything wrong with the layout that the picture marks in red, one sentence each.
    var problems: [String] {
        controls.indices.flatMap(problems(ofControlAt:))
    }

    /// What is wrong with one control: too small to tap, on the fold, off the screen, or
    /// overlapping a control listed before it.
    func problems(ofControlAt index: Int) -> [String] {
        let control: Control = controls[index]
        var found: [String] = []
        if control.hitRegion.width < Self.minimumHitSize || control.hitRegion.height < Self.minimumHitSize {
            found.append("\(control.label) answers touches in less than 44 × 44 pt")
        }
        if let fold, Self.overlaps(fold, control.hitRegion) {
            found.append("\(control.label) is on the fold")
        }
        if !CGRect(origin: .zero, size: size).contains(control.frame) {
            found.append("\(control.label) leaves the screen")
        }
        for other in controls[..<index] where Self.overlaps(other.hitRegion, control.hitRegion) {
            found.append("\(control.label) overlaps \(other.label)")
        }
        return found
    }

    /// The picture's SVG elements, in points, for a sheet to place and scale.
    func elements() -> [String] {
        let id: String = SVGText.identifier(name)
        var lines: [String] = []
        lines.append(SVGText.rect(id: "\(id).screen", className: "screen", CGRect(origin: .zero, size: size)))
        for region in regions {
            lines.append(SVGText.rect(id: "\(id).region.\(SVGText.identifier(region.name))", className: "region \(region.kind.rawValue)", region.frame))
            lines.append(SVGText.text(region.name, x: region.frame.minX + 6, y: region.frame.minY + 16, className: "region-label"))
        }
        if let fold {
            lines.append(SVGText.rect(id: "\(id).fold", className: foldIsActive ? "fold active" : "fold inactive", fold))
        }
        for (index, control) in controls.enumerated() {
            let controlID: String = "\(id).control.\(SVGText.identifier(control.label))"
            let problem: String = problems(ofControlAt: index).isEmpty ? "" : " problem"
            lines.append(SVGText.rect(id: "\(controlID).hit", className: "hit\(problem)", control.hitRegion))
            lines.append(SVGText.rect(id: controlID, className: "control\(problem)", control.frame))
            lines.append(SVGText.text(control.label, x: control.frame.midX, y: control.frame.midY + 4, className: "control-label"))
        }
        return lines
    }
}

/// Every pose side by side, to scale, each labelled with its name, size and fold.
nonisolated struct LayoutSheet: Sendable, Equatable {
    let title: String
    let pictures: [LayoutPicture]
    /// Half a point to a pixel keeps the widest pose readable and the sheet under 2,000 px wide.
    static let scale: CGFloat = 0.5
    static let gap: CGFloat = 40
    static let captionHeight: CGFloat = 64
    static let titleHeight: CGFloat = 48

    /// Where each picture's top-left corner sits on the sheet, in sheet pixels.
    var origins: [CGPoint] {
        var x: CGFloat = Self.gap
        var result: [CGPoint] = []
        for picture in pictures {
            result.append(CGPoint(x: x, y: Self.titleHeight))
            x += picture.size.width * Self.scale + Self.gap
        }
        return result
    }

    var size: CGSize {
        let width: CGFloat = pictures.reduce(Self.gap) { $0 + $1.size.width * Self.scale + Self.gap }
        let tallest: CGFloat = pictures.map { $0.size.height * Self.scale }.max() ?? 0
        return CGSize(width: width, height: Self.titleHeight + tallest + Self.captionHeight)
    }

    /// The whole sheet as an SVG document.
    func svg() -> String {
        let sheetSize: CGSize = size
        var lines: [String] = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(sheetSize.width))\" height=\"\(SVGText.number(sheetSize.height))\" viewBox=\"0 0 \(SVGText.number(sheetSize.width)) \(SVGText.number(sheetSize.height))\">",
            "<style>",
            SVGText.style,
            "</style>",
            "<rect class=\"sheet\" x=\"0\" y=\"0\" width=\"\(SVGText.number(sheetSize.width))\" height=\"\(SVGText.number(sheetSize.height))\"/>",
            SVGText.text(title, x: Self.gap, y: 30, className: "title"),
        ]
        for (picture, origin) in zip(pictures, origins) {
            lines.append("<g id=\"pose.\(SVGText.identifier(picture.name))\" transform=\"translate(\(SVGText.number(origin.x)) \(SVGText.number(origin.y))) scale(\(SVGText.number(Self.scale)))\">")
            lines.append(contentsOf: picture.elements())
            lines.append("</g>")
            let captionY: CGFloat = origin.y + picture.size.height * Self.scale + 22
            lines.append(SVGText.text(picture.title, x: origin.x, y: captionY, className: "caption"))
            let fold: String = picture.fold == nil ? "no fold" : (picture.foldIsActive ? "fold active" : "fold flat")
            let detail: String = "\(SVGText.number(picture.size.width)) × \(SVGText.number(picture.size.height)) pt, \(fold)"
            lines.append(SVGText.text(detail, x: origin.x, y: captionY + 18, className: "detail"))
            let problems: [String] = picture.problems
            if !problems.isEmpty {
                lines.append(SVGText.text(problems.joined(separator: "; "), x: origin.x, y: captionY + 36, className: "problem-text"))
            }
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// With `MODEL_TESTS_PICTURES=DIR` in the environment (relative to the project's folder, where
/// `swift test` runs), writes each sheet into DIR under its file name and says where they are;
/// without it, does nothing. Throws when a file cannot be written.
func writePicturesIfAsked(_ files: [(name: String, sheet: LayoutSheet)]) throws {
    guard let folder = ProcessInfo.processInfo.environment["MODEL_TESTS_PICTURES"], !folder.isEmpty else { return }
    let url: URL = URL(fileURLWithPath: folder, isDirectory: true, relativeTo: ProjectFolder.root)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for file in files {
        try Data(file.sheet.svg().utf8).write(to: url.appendingPathComponent(file.name))
    }
    print("Layout pictures (\(files.count) SVG files) written to \(folder); open layouts.svg in a browser")
}

/// The small amount of SVG and XML text the pictures need, escaped and with stable numbers.
nonisolated enum SVGText: Sendable {
    static let style: String = """
        .sheet { fill: #ffffff; }
        .title { font: bold 20px sans-serif; fill: #111111; }
        .caption { font: bold 15px sans-serif; fill: #111111; }
        .detail { font: 12px sans-serif; fill: #555555; }
        .problem-text { font: bold 12px sans-serif; fill: #c0152f; }
        .screen { fill: #f4f4f6; stroke: #111111; stroke-width: 3; }
        .region { stroke-width: 2; }
        .content { fill: #cfe3f7; stroke: #2b6cb0; }
        .controls { fill: #e6f2e1; stroke: #3c8a2e; }
        .panel { fill: #fbeccd; stroke: #b7791f; }
        .region-label { font: 22px sans-serif; fill: #333333; }
        .fold { fill: #6b6b78; fill-opacity: 0.55; }
        .fold.inactive { fill-opacity: 0.25; }
        .hit { fill: none; stroke: #3c8a2e; stroke-width: 2; stroke-dasharray: 6 4; }
        .control { fill: #ffffff; stroke: #1a202c; stroke-width: 2; }
        .problem { stroke: #c0152f; stroke-width: 4; }
        .control-label { font: 16px sans-serif; fill: #1a202c; text-anchor: middle; }
        """

    /// A number with at most two decimals and no trailing zeros, so the text is the same on
    /// every platform (`455.5`, `132`, `-0.25`).
    static func number(_ value: CGFloat) -> String {
        let hundredths: Int = Int((Double(value) * 100).rounded())
        let sign: String = hundredths < 0 ? "-" : ""
        let magnitude: Int = abs(hundredths)
        let whole: Int = magnitude / 100
        let fraction: Int = magnitude % 100
        if fraction == 0 {
            return "\(sign)\(whole)"
        }
        let digits: String = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    static func rect(id: String, className: String, _ frame: CGRect) -> String {
        "<rect id=\"\(escaped(id))\" class=\"\(escaped(className))\" x=\"\(number(frame.minX))\" y=\"\(number(frame.minY))\" width=\"\(number(frame.width))\" height=\"\(number(frame.height))\"/>"
    }

    static func text(_ content: String, x: CGFloat, y: CGFloat, className: String) -> String {
        "<text class=\"\(escaped(className))\" x=\"\(number(x))\" y=\"\(number(y))\">\(escaped(content))</text>"
    }

    /// A name fit for an element id: lowercase letters, digits and hyphens.
    static func identifier(_ name: String) -> String {
        var result: String = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        return result
    }

    /// Text safe inside an element or a double-quoted attribute.
    static func escaped(_ text: String) -> String {
        var result: String = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
