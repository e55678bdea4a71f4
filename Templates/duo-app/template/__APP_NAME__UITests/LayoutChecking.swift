import XCTest

/// The fold as the app's fold marker reports it: `none` where there is no fold (closed, or a
/// phone without one), `inactive` open and flat, `active` in book and tabletop, with its frame.
struct FoldMarker {
    let state: String
    let frame: CGRect

    /// Partially folded: nothing may sit on the fold.
    var isActive: Bool { state == "active" }
}

/// What every Duo recipe's "layout in this pose" test does: read the fold, check each control
/// against the fold and its region, and attach the frames it saw, so that a failure on the Mac
/// can be read without running the test again.
extension XCTestCase {
    /// The fold marker with this identifier (`studio.fold`, `player.fold`).
    @MainActor
    func foldMarker(_ app: XCUIApplication, _ identifier: String) -> FoldMarker {
        let marker = element(app, identifier)
        return FoldMarker(state: marker.value as? String ?? "none", frame: marker.frame)
    }

    /// The first lines of a layout report: the state marker's pairs, sorted, the window and the fold.
    @MainActor
    func layoutReport(_ app: XCUIApplication, state: [String: String], fold: FoldMarker) -> [String] {
        [
            "state: \(state.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))",
            "window: \(app.windows.firstMatch.frame)",
            "fold (\(fold.state)): \(fold.frame)",
        ]
    }

    /// Fails if the control `name` is under `minimum` points either way, leaves `region`, or
    /// crosses `fold` (nil where the control may sit over the fold). Half a point is allowed for
    /// the rounding of frames.
    @MainActor
    func checkControl(
        _ name: String, _ frame: CGRect, minimum: CGFloat = 44, inside region: CGRect, clearOf fold: CGRect?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertGreaterThanOrEqual(frame.width, minimum - 0.5, "\(name) is too narrow: \(frame)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(frame.height, minimum - 0.5, "\(name) is too short: \(frame)", file: file, line: line)
        XCTAssertTrue(region.insetBy(dx: -0.5, dy: -0.5).contains(frame),
                      "\(name) \(frame) leaves the controls' region \(region)", file: file, line: line)
        if let fold {
            XCTAssertFalse(Self.crosses(fold, frame), "\(name) \(frame) sits on the fold \(fold)", file: file, line: line)
        }
    }

    /// Attaches the report, a line a frame, as "Frames", kept when the test passes too.
    @MainActor
    func attachFrames(_ report: [String]) {
        let frames = XCTAttachment(string: report.joined(separator: "\n"))
        frames.name = "Frames"
        frames.lifetime = .keepAlways
        add(frames)
    }
}
