import Foundation
import Testing
@testable import __APP_NAME__

/// The poses the player's layout is drawn in, at the sizes the fold checks use, with the fold as
/// the app would read it (`FoldGeometry` from the reserved region).
nonisolated struct PlayerPose: Sendable, Equatable, CustomTestStringConvertible {
    /// The pose's name, for a test run over every pose.
    var testDescription: String { name }

    typealias M = MeasuredFrames

    let name: String
    let title: String
    let bounds: CGRect
    let fold: FoldGeometry?

    /// What the controls need at their proposed width; the same figure the region checks use.
    static let controlsHeight: CGFloat = 180
    /// The mini player's height in the library: a 44 pt row with its padding, about 64 pt.
    static let miniPlayerHeight: CGFloat = 64
    /// The space `RootView` leaves around the mini player inside its span.
    static let miniPlayerMargin: CGFloat = 12

    static let measured: [PlayerPose] = [
        PlayerPose(name: "closed", title: "Closed", bounds: M.closed, fold: nil),
        PlayerPose(name: "closed-sideways", title: "Closed, sideways", bounds: CGRect(x: 0, y: 0, width: 852, height: 393), fold: nil),
        PlayerPose(name: "open-wide", title: "Open flat, wide", bounds: M.wide, fold: M.fold(M.bookFold, active: false, in: M.wide)),
        PlayerPose(name: "open-tall", title: "Open flat, tall", bounds: M.tall, fold: M.fold(M.tabletopFold, active: false, in: M.tall)),
        PlayerPose(name: "book", title: "Book", bounds: M.wide, fold: M.fold(M.bookFold, active: true, in: M.wide)),
        PlayerPose(name: "tabletop", title: "Tabletop", bounds: M.tall, fold: M.fold(M.tabletopFold, active: true, in: M.tall)),
    ]

    var regions: PlayerRegions {
        PlayerRegions(bounds: bounds, fold: fold, controlsHeight: Self.controlsHeight)
    }

    /// Where `RootView` puts the mini player over the library: along the bottom, inside the
    /// fold's `floatingBarSpan`, so it never straddles the fold.
    var miniPlayer: CGRect {
        let span: ClosedRange<CGFloat> = FoldRegions(bounds: bounds, fold: fold).floatingBarSpan
        let margin: CGFloat = Self.miniPlayerMargin
        return CGRect(
            x: span.lowerBound + margin, y: bounds.maxY - 8 - Self.miniPlayerHeight,
            width: span.upperBound - span.lowerBound - 2 * margin, height: Self.miniPlayerHeight
        )
    }

    /// The player screen: the video and the controls' region, where `FoldRegionsLayout` puts them.
    var playerPicture: LayoutPicture {
        let regions: PlayerRegions = regions
        return LayoutPicture(
            name: name, title: title, size: bounds.size, fold: fold?.frame, foldIsActive: fold?.isActive ?? false,
            regions: [
                LayoutPicture.Region(name: "video", kind: .content, frame: regions.video),
                LayoutPicture.Region(name: "controls", kind: .controls, frame: regions.controls),
            ],
            controls: []
        )
    }

    /// The library with the mini player, which is one control: tapping it opens the player.
    var libraryPicture: LayoutPicture {
        LayoutPicture(
            name: "library-\(name)", title: "\(title): library", size: bounds.size, fold: fold?.frame, foldIsActive: fold?.isActive ?? false,
            regions: [LayoutPicture.Region(name: "library", kind: .panel, frame: CGRect(origin: .zero, size: bounds.size))],
            controls: [LayoutPicture.Control(label: "mini player", frame: miniPlayer)]
        )
    }

    static var sheet: LayoutSheet {
        LayoutSheet(title: "Media player: the player in every pose", pictures: measured.map(\.playerPicture))
    }

    static var librarySheet: LayoutSheet {
        LayoutSheet(title: "Media player: the library and its mini player in every pose", pictures: measured.map(\.libraryPicture))
    }
}

/// The sheets and one picture per pose, as `MODEL_TESTS_PICTURES=DIR` has them written.
func pictureFiles() -> [(name: String, sheet: LayoutSheet)] {
    [("layouts.svg", PlayerPose.sheet), ("layouts-library.svg", PlayerPose.librarySheet)]
        + PlayerPose.measured.map { pose in ("layout-\(pose.name).svg", LayoutSheet(title: pose.title, pictures: [pose.playerPicture, pose.libraryPicture])) }
}
