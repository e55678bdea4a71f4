import Foundation

/// The text of the invisible markers UI tests read, so a test never depends on the pose.
///
/// Each marker is `key=value` pairs separated by spaces, in a fixed order; values hold no spaces.
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
        if let recordingText = snapshot.recordingText {
            pairs.append(("recording", recordingText))
        }
        pairs.append(("camera", snapshot.intent.rawValue))
        pairs.append(("standIn", flag(snapshot.isStandIn)))
        pairs.append(("access", snapshot.access.rawValue))
        pairs.append(("subjectAvailable", flag(snapshot.subjectAvailable)))
        pairs.append(("subjectEnabled", flag(snapshot.subjectEnabled)))
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

    /// Reads a marker back into its pairs.
    static func fields(_ marker: String) -> [String: String] {
        var result: [String: String] = [:]
        for word in marker.split(separator: " ") {
            let parts: [Substring] = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
                result[String(parts[0])] = String(parts[1])
            }
        }
        return result
    }

    private static func flag(_ value: Bool) -> String {
        value ? "1" : "0"
    }

    private static func join(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
    }
}
