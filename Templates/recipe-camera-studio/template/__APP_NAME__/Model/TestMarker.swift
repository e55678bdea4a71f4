import Foundation

/// The text of the invisible markers UI tests read, so a test never depends on the pose.
///
/// Each marker is `key=value` pairs separated by spaces, in a fixed order; values hold no spaces.
/// `MarkerText` (from the duo-app layer) writes the pairs and reads them back.
nonisolated enum TestMarker: Sendable {
    static let studioIdentifier: String = "studio.state"
    static let galleryIdentifier: String = "gallery.state"

    static func studio(_ snapshot: StudioSnapshot) -> String {
        var pairs: [(String, String)] = [
            ("mode", snapshot.mode.rawValue),
            ("timer", String(snapshot.timer.seconds)),
            ("phase", snapshot.phase.name),
        ]
        if let secondsLeft = snapshot.secondsLeft {
            pairs.append(("countdown", String(secondsLeft)))
        }
        if case .countingDown(let countdown, _) = snapshot.phase, countdown.isHeld {
            pairs.append(("held", "1"))
        }
        if let recordingText = snapshot.recordingText {
            pairs.append(("recording", recordingText))
        }
        pairs.append(("camera", snapshot.intent.rawValue))
        pairs.append(("standIn", MarkerText.flag(snapshot.isStandIn)))
        pairs.append(("access", snapshot.access.rawValue))
        pairs.append(("subjectAvailable", MarkerText.flag(snapshot.subjectAvailable)))
        pairs.append(("subjectEnabled", MarkerText.flag(snapshot.subjectEnabled)))
        pairs.append(("captures", String(snapshot.captureCount)))
        return join(pairs)
    }

    /// The gallery in order, newest first: `count=2 photos=1 movies=1 newest=movie frames=15 duration=1.00`.
    static func gallery(_ captures: [Capture]) -> String {
        let photos: Int = captures.filter { $0.kind == .photo }.count
        var pairs: [(String, String)] = [
            ("count", String(captures.count)),
            ("photos", String(photos)),
            ("movies", String(captures.count - photos)),
        ]
        if let newest = captures.first {
            pairs.append(("newest", newest.kind.rawValue))
            if let size = newest.pixelSize {
                pairs.append(("size", "\(size.width)x\(size.height)"))
            }
            if let frames = newest.frameCount {
                pairs.append(("frames", String(frames)))
            }
            if let duration = newest.duration {
                pairs.append(("duration", String(format: "%.2f", duration)))
            }
        }
        return join(pairs)
    }

    private static func join(_ pairs: [(String, String)]) -> String {
        MarkerText.text(pairs, .spaced)
    }
}
