import XCTest

/// Reading the app's invisible test markers, so a UI test never depends on the pose.
///
/// Launched with `-uiTesting`, the app shows its state in markers (`TestMarkerView`): elements
/// found by identifier whose value is `key=value` pairs, separated by spaces or each ending in
/// `|`. A test waits until the pairs say what it expects instead of looking for where something
/// sits on screen, which differs between the closed phone, the open one, book and tabletop.
extension XCTestCase {
    /// Generous: the simulator is slow on a busy Mac.
    static var markerTimeout: TimeInterval { 30 }

    /// The first element anywhere in the app with this accessibility identifier.
    @MainActor
    func element(_ app: XCUIApplication, _ identifier: String) -> XCUIElement {
        app.descendants(matching: .any).matching(identifier: identifier).firstMatch
    }

    /// Reads a marker until its pairs meet `condition`; fails with the last value seen.
    @MainActor
    @discardableResult
    func waitForMarker(
        _ marker: XCUIElement, _ what: String, timeout: TimeInterval = XCTestCase.markerTimeout,
        file: StaticString = #filePath, line: UInt = #line,
        until condition: ([String: String]) -> Bool
    ) -> [String: String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        repeat {
            if marker.exists {
                last = marker.value as? String ?? ""
                let fields = Self.markerFields(last)
                if condition(fields) {
                    return fields
                }
            }
            RunLoop.current.run(until: Date().addingTimeInterval(0.2))
        } while Date() < deadline
        XCTFail("timed out waiting for \(what); the marker said: \(last)", file: file, line: line)
        return Self.markerFields(last)
    }

    /// Reads the marker with this identifier (`player.state`, `studio.state`) until its pairs
    /// meet `condition`; fails with the last value seen.
    @MainActor
    @discardableResult
    func waitForMarker(
        _ identifier: String, in app: XCUIApplication, _ what: String, timeout: TimeInterval = XCTestCase.markerTimeout,
        file: StaticString = #filePath, line: UInt = #line,
        until condition: ([String: String]) -> Bool
    ) -> [String: String] {
        waitForMarker(element(app, identifier), what, timeout: timeout, file: file, line: line, until: condition)
    }

    /// A marker's `key=value` pairs, separated by spaces or `|`.
    static func markerFields(_ marker: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in marker.split(whereSeparator: { $0 == " " || $0 == "|" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
                result[String(parts[0])] = String(parts[1])
            }
        }
        return result
    }

    /// Whether two frames share an inside (a control and the fold, the video and the
    /// controls); touching edges is not crossing.
    static func crosses(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY
    }
}
