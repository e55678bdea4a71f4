import Foundation
import Testing
@testable import __APP_NAME__

/// The poses measured on the iPhone Duo simulator, at their real sizes in points, with the
/// fold's frame as the system reports it in each.
///
/// The layout checks and the layout pictures both start from this list, so a picture always
/// shows a pose the checks cover.
nonisolated struct StudioPose: Sendable, Equatable, CustomTestStringConvertible {
    let name: String
    let title: String
    let size: CGSize
    let fold: FoldFrame?

    /// The pose's name, for a test run over every pose.
    var testDescription: String { name }

    /// Open and held wide: the fold runs top to bottom at x 455.5–495.5, inactive while flat.
    static let wideFold: CGRect = CGRect(x: 455.5, y: 0, width: 40, height: 635)
    /// Open and held tall: the fold runs across at y 373.5–413.5.
    static let tallFold: CGRect = CGRect(x: 0, y: 373.5, width: 669, height: 40)

    static let closed: StudioPose = StudioPose(
        name: "closed", title: "Closed", size: CGSize(width: 382, height: 644), fold: nil)
    static let closedSideways: StudioPose = StudioPose(
        name: "closed-sideways", title: "Closed, sideways", size: CGSize(width: 644, height: 382), fold: nil)
    static let openWide: StudioPose = StudioPose(
        name: "open-wide", title: "Open flat, wide", size: CGSize(width: 867, height: 635),
        fold: FoldFrame(frame: wideFold, isActive: false))
    static let openTall: StudioPose = StudioPose(
        name: "open-tall", title: "Open flat, tall", size: CGSize(width: 669, height: 835),
        fold: FoldFrame(frame: tallFold, isActive: false))
    static let book: StudioPose = StudioPose(
        name: "book", title: "Book", size: CGSize(width: 867, height: 635),
        fold: FoldFrame(frame: wideFold, isActive: true))
    static let tabletop: StudioPose = StudioPose(
        name: "tabletop", title: "Tabletop", size: CGSize(width: 669, height: 835),
        fold: FoldFrame(frame: tallFold, isActive: true))

    /// Every pose, in the order the sheet shows them.
    static let measured: [StudioPose] = [closed, closedSideways, openWide, openTall, book, tabletop]

    /// Book with the studio in half of the open screen, beside another app (Split View): the
    /// window is 433.5 pt wide and the fold (x 455.5–495.5 on the screen) lies 22 pt inside it,
    /// on the window's leading edge or, mirrored, on its trailing edge. Not measured: the sizes
    /// follow from the measured screen, and the rules must hold wherever the fold lands.
    static let besideAnotherApp: [StudioPose] = [
        StudioPose(name: "book-half-right", title: "Book, right half", size: CGSize(width: 433.5, height: 635),
                   fold: FoldFrame(frame: CGRect(x: 22, y: 0, width: 40, height: 635), isActive: true)),
        StudioPose(name: "book-half-left", title: "Book, left half", size: CGSize(width: 433.5, height: 635),
                   fold: FoldFrame(frame: CGRect(x: 371.5, y: 0, width: 40, height: 635), isActive: true)),
        StudioPose(name: "tabletop-short", title: "Tabletop, short window", size: CGSize(width: 669, height: 470),
                   fold: FoldFrame(frame: CGRect(x: 0, y: 373.5, width: 669, height: 40), isActive: true)),
    ]

    var layout: StudioLayout {
        StudioLayout(size: size, fold: fold)
    }

    /// The pose drawn from the layout the app uses: the preview, the controls' region and each
    /// control at the frame `StudioSplit` gives it.
    var picture: LayoutPicture {
        let layout: StudioLayout = layout
        let frames: [StudioControl: CGRect] = layout.controlFrames(StudioControl.ordered)
        let controls: [LayoutPicture.Control] = StudioControl.ordered.compactMap { control in
            frames[control].map { LayoutPicture.Control(label: control.rawValue, frame: $0) }
        }
        return LayoutPicture(
            name: name,
            title: title,
            size: size,
            fold: fold?.frame,
            foldIsActive: fold?.isActive ?? false,
            regions: [
                LayoutPicture.Region(name: "preview", kind: .content, frame: layout.preview),
                LayoutPicture.Region(name: "controls", kind: .controls, frame: layout.controls),
            ],
            controls: controls
        )
    }

    /// Every measured pose on one sheet.
    static var sheet: LayoutSheet {
        LayoutSheet(title: "Camera studio: the layout in every pose", pictures: measured.map(\.picture))
    }
}
