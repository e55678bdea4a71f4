import Foundation

/// The text of the invisible markers UI tests read, so a test never depends on the pose.
///
/// Each marker is `key=value|` pairs in a fixed order, every pair ending in `|`:
/// `item=small-repairs-1|playing=1|time=4|upNext=counting|pip=0|surfaces=1|presented=1|`.
/// A test can look for `time=4|` without matching `time=41`.
nonisolated enum PlayerMarker: Sendable {
    static let playerIdentifier: String = "player.state"
    static let libraryIdentifier: String = "library.state"
    /// What `item` says when nothing is loaded.
    static let none: String = "none"

    static func player(_ snapshot: PlayerSnapshot) -> String {
        join([
            ("item", snapshot.item ?? none),
            ("playing", flag(snapshot.isPlaying)),
            ("time", String(wholeSeconds(snapshot.time))),
            ("upNext", snapshot.upNext.rawValue),
            ("pip", flag(snapshot.isPictureInPictureActive)),
            ("surfaces", String(snapshot.surfaces)),
            ("presented", flag(snapshot.isPresented)),
        ])
    }

    /// `show=small-repairs|episode=small-repairs-2|autoplay=1|`.
    static func library(_ selection: LibrarySelection, autoplay: Bool) -> String {
        join([
            ("show", selection.showID ?? none),
            ("episode", selection.episodeID ?? none),
            ("autoplay", flag(autoplay)),
        ])
    }

    /// Reads a marker back into its pairs.
    static func fields(_ marker: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in marker.split(separator: "|") {
            let parts: [Substring] = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
                result[String(parts[0])] = String(parts[1])
            }
        }
        return result
    }

    private static func wholeSeconds(_ time: TimeInterval) -> Int {
        time.isFinite && time > 0 ? Int(time.rounded(.down)) : 0
    }

    private static func flag(_ value: Bool) -> String {
        value ? "1" : "0"
    }

    private static func join(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)|" }.joined()
    }
}
