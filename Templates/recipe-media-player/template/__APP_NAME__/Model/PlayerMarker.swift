import Foundation

/// The text of the invisible markers UI tests read, so a test never depends on the pose.
///
/// Each marker is `key=value|` pairs in a fixed order, every pair ending in `|`:
/// `item=small-repairs-1|playing=1|time=4|upNext=counting|pip=0|surfaces=1|presented=1|failed=0|pipReady=0|`.
/// A test can look for `time=4|` without matching `time=41`. `MarkerText` (from the duo-app
/// layer) writes the pairs and reads them back.
nonisolated enum PlayerMarker: Sendable {
    static let playerIdentifier: String = "player.state"
    static let libraryIdentifier: String = "library.state"
    /// What `item` says when nothing is loaded.
    static let none: String = "none"

    static func player(_ snapshot: PlayerSnapshot) -> String {
        join([
            ("item", snapshot.item ?? none),
            ("playing", MarkerText.flag(snapshot.isPlaying)),
            ("time", String(wholeSeconds(snapshot.time))),
            ("upNext", snapshot.upNext.rawValue),
            ("pip", MarkerText.flag(snapshot.isPictureInPictureActive)),
            ("surfaces", String(snapshot.surfaces)),
            ("presented", MarkerText.flag(snapshot.isPresented)),
            ("failed", MarkerText.flag(snapshot.hasFailed)),
            ("pipReady", MarkerText.flag(snapshot.canStartPictureInPicture)),
        ])
    }

    /// `show=small-repairs|episode=small-repairs-2|autoplay=1|`.
    static func library(_ selection: LibrarySelection, autoplay: Bool) -> String {
        join([
            ("show", selection.showID ?? none),
            ("episode", selection.episodeID ?? none),
            ("autoplay", MarkerText.flag(autoplay)),
        ])
    }

    private static func wholeSeconds(_ time: TimeInterval) -> Int {
        time.isFinite && time > 0 ? Int(time.rounded(.down)) : 0
    }

    private static func join(_ pairs: [(String, String)]) -> String {
        MarkerText.text(pairs, .barred)
    }
}
