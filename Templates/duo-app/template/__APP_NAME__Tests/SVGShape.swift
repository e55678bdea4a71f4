import Foundation
import Testing
@testable import __APP_NAME__

/// Just enough of an XML reader to check the pictures without a parser the model tests can't
/// import on every platform: balanced tags and quoted attributes; and to read a rect back.
enum SVGShape {
    static func isWellFormed(_ text: String) -> Bool {
        var open: [String] = []
        var rest: Substring = text[...]
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { return false }
            let tag: Substring = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") {
                continue
            }
            if tag.hasPrefix("/") {
                guard open.popLast() == String(tag.dropFirst()) else { return false }
                continue
            }
            let selfClosing: Bool = tag.hasSuffix("/")
            let body: Substring = selfClosing ? tag.dropLast() : tag
            let parts: [Substring] = body.split(separator: " ", maxSplits: 1)
            guard let name = parts.first, !name.isEmpty, attributesAreQuoted(parts.count > 1 ? parts[1] : "") else { return false }
            if !selfClosing {
                open.append(String(name))
            }
        }
        return open.isEmpty
    }

    /// Every `=` in an element's attributes is followed by a double-quoted value.
    private static func attributesAreQuoted(_ attributes: Substring) -> Bool {
        var quoted: Bool = false
        var previous: Character = " "
        for character in attributes {
            if character == "\"" {
                quoted.toggle()
            } else if !quoted, previous == "=" {
                return false
            }
            previous = character
        }
        return !quoted && previous != "="
    }

    /// Whether the `<rect>` with this id is drawn at `frame`, to the hundredth of a point the
    /// pictures keep.
    static func drawn(id: String, in text: String, at frame: CGRect) -> Bool {
        guard let drawn = rect(id: id, in: text) else { return false }
        let pairs: [(CGFloat, CGFloat)] = [(drawn.minX, frame.minX), (drawn.minY, frame.minY), (drawn.width, frame.width), (drawn.height, frame.height)]
        return pairs.allSatisfy { abs($0.0 - $0.1) <= 0.005 }
    }

    /// Checks that a pose's picture draws the fold at `fold` (the picture's `<pose>.fold`), or
    /// no fold where the pose has none.
    static func checkFold(pose: String, fold: CGRect?, in svg: String) {
        if let fold {
            #expect(drawn(id: "\(pose).fold", in: svg, at: fold), "\(pose): the fold drawn at its frame")
        } else {
            #expect(rect(id: "\(pose).fold", in: svg) == nil, "\(pose): no fold drawn")
        }
    }

    /// The frame of the `<rect>` with this id, read back from the text.
    static func rect(id: String, in text: String) -> CGRect? {
        guard let start = text.range(of: "<rect id=\"\(id)\" "),
              let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        let element: Substring = text[start.upperBound..<end]
        func value(_ name: String) -> CGFloat? {
            guard let found = element.range(of: " \(name)=\"") ?? element.range(of: "\(name)=\"", options: .anchored) else { return nil }
            let digits: Substring = element[found.upperBound...].prefix { $0 != "\"" }
            return Double(digits).map { CGFloat($0) }
        }
        guard let x = value("x"), let y = value("y"), let width = value("width"), let height = value("height") else { return nil }
        return CGRect(x: x, y: y, width: width, height: height)
    }
}
