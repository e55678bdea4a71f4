import XCTest

/// The studio's flows on the stand-in camera, in whatever pose the phone is in.
///
/// Every test starts the app with launch switches (`-uiTesting -resetState -standIn`, plus
/// `-timer`, `-mode`, `-shutter`, `-holdCountdown`), finds elements by accessibility identifier,
/// and reads the state from the invisible `studio.state` and `gallery.state` markers, so none
/// depends on where a control sits.
///
/// A countdown ends on its own and the studio takes the photo, so no test taps, measures or
/// looks for an element while one runs: a test that needs to act launches with
/// `-holdCountdown`, which holds the countdown at its length (`held=1` in the marker) until
/// its Start button (`studio.startCountdown`) is tapped, and after Start it only waits for the
/// photo. A slow simulator then costs time, never a failure.
///
/// Set the pose in Device Hub, then run the suite (or only `testStudioLayoutInThisPose`) once
/// per pose.
final class __APP_NAME__UITests: XCTestCase {
    // MARK: - Tests

    @MainActor
    func testStudioStartsReadyOnTheStandInCamera() throws {
        let app = launch()
        let state = waitForMarker("studio.state", in: app, "ready") { $0["phase"] == "ready" }
        XCTAssertEqual(state["standIn"], "1")
        XCTAssertEqual(state["captures"], "0")
        XCTAssertEqual(state["mode"], "photo")
        XCTAssertEqual(state["timer"], "0")
        XCTAssertTrue(element(app, "studio.standInLabel").exists, "the preview should say it is the stand-in camera")
        for control in ["gallery", "timer", "shutter", "mode", "switchCamera"] {
            XCTAssertTrue(element(app, "control.\(control)").isHittable, "control.\(control) should be on screen")
        }
    }

    @MainActor
    func testShutterTakesAPhotoIntoTheGallery() throws {
        let app = launch()
        waitForMarker("studio.state", in: app, "ready") { $0["phase"] == "ready" }
        element(app, "control.shutter").tap()
        waitForMarker("studio.state", in: app, "one capture, ready again") { $0["captures"] == "1" && $0["phase"] == "ready" }

        element(app, "control.gallery").tap()
        let gallery = waitForMarker("gallery.state", in: app, "one photo") { $0["count"] == "1" }
        XCTAssertEqual(gallery["photos"], "1")
        XCTAssertEqual(gallery["newest"], "photo")
        XCTAssertEqual(gallery["size"], "1200x900")
    }

    @MainActor
    func testSelfTimerCountsDownThenTakesAPhoto() throws {
        // Held: the checks on the countdown run before it starts, so they cannot race its end.
        let app = launch(["-timer", "3", "-holdCountdown"])
        let ready = waitForMarker("studio.state", in: app, "ready") { $0["phase"] == "ready" }
        XCTAssertEqual(ready["timer"], "3")
        element(app, "control.shutter").tap()

        let counting = waitForMarker("studio.state", in: app, "a countdown held at 3") { $0["phase"] == "countdown" && $0["held"] == "1" }
        XCTAssertEqual(counting["countdown"], "3", "the marker should give the seconds left")
        XCTAssertTrue(element(app, "studio.countdown").exists, "the countdown should show large on the preview")
        XCTAssertEqual(counting["captures"], "0")

        // From Start on, the test only waits: the countdown runs its 3 s, then the photo is taken.
        element(app, "studio.startCountdown").tap()
        waitForMarker("studio.state", in: app, "the photo taken when the timer ends") { $0["captures"] == "1" && $0["phase"] == "ready" }
    }

    @MainActor
    func testShutterCancelsACountdown() throws {
        // Held, so the tap always finds the countdown there (the model checks cancel a running one).
        let app = launch(["-timer", "10", "-shutter", "-holdCountdown"])
        waitForMarker("studio.state", in: app, "a countdown from the launch switch, held") { $0["phase"] == "countdown" && $0["held"] == "1" }
        element(app, "control.shutter").tap()
        let state = waitForMarker("studio.state", in: app, "ready after cancelling") { $0["phase"] == "ready" }
        XCTAssertEqual(state["captures"], "0", "a cancelled countdown takes no photo")
        XCTAssertNil(state["countdown"])
    }

    @MainActor
    func testTimerButtonCyclesOffThreeAndTenSeconds() throws {
        let app = launch()
        waitForMarker("studio.state", in: app, "ready, timer off") { $0["phase"] == "ready" && $0["timer"] == "0" }
        let timer = element(app, "control.timer")
        timer.tap()
        waitForMarker("studio.state", in: app, "timer 3 s") { $0["timer"] == "3" }
        timer.tap()
        waitForMarker("studio.state", in: app, "timer 10 s") { $0["timer"] == "10" }
        timer.tap()
        waitForMarker("studio.state", in: app, "timer off again") { $0["timer"] == "0" }
    }

    @MainActor
    func testVideoModeRecordsAMovieIntoTheGallery() throws {
        let app = launch()
        waitForMarker("studio.state", in: app, "ready") { $0["phase"] == "ready" }
        element(app, "control.mode").tap()
        waitForMarker("studio.state", in: app, "video mode") { $0["mode"] == "video" && $0["phase"] == "ready" }

        let shutter = element(app, "control.shutter")
        shutter.tap()
        waitForMarker("studio.state", in: app, "recording for a second") { fields in
            fields["phase"] == "recording" && fields["recording"].map { $0 != "0:00" } == true
        }
        shutter.tap()
        waitForMarker("studio.state", in: app, "the movie saved") { $0["captures"] == "1" && $0["phase"] == "ready" }

        element(app, "control.gallery").tap()
        let gallery = waitForMarker("gallery.state", in: app, "one movie") { $0["count"] == "1" }
        XCTAssertEqual(gallery["newest"], "movie")
        XCTAssertEqual(gallery["size"], "640x480")
        XCTAssertGreaterThan(Int(gallery["frames"] ?? "") ?? 0, 0)
        XCTAssertGreaterThan(Double(gallery["duration"] ?? "") ?? 0, 0)
    }

    @MainActor
    func testGalleryDeletesACapture() throws {
        let app = launch()
        waitForMarker("studio.state", in: app, "ready") { $0["phase"] == "ready" }
        element(app, "control.shutter").tap()
        waitForMarker("studio.state", in: app, "one capture") { $0["captures"] == "1" && $0["phase"] == "ready" }

        element(app, "control.gallery").tap()
        waitForMarker("gallery.state", in: app, "one capture in the gallery") { $0["count"] == "1" }
        element(app, "gallery.item").tap()
        element(app, "gallery.delete").tap()
        let confirm = app.alerts.buttons["Delete"]
        XCTAssertTrue(confirm.waitForExistence(timeout: Self.markerTimeout), "deleting should ask first")
        confirm.tap()
        waitForMarker("gallery.state", in: app, "an empty gallery") { $0["count"] == "0" }

        element(app, "gallery.close").tap()
        waitForMarker("studio.state", in: app, "no captures") { $0["captures"] == "0" }
    }

    @MainActor
    func testSubjectViewSwitchFollowsAvailability() throws {
        let app = launch()
        let state = waitForMarker("studio.state", in: app, "ready") { $0["phase"] == "ready" }
        let control = element(app, "control.subjectView")
        guard state["subjectAvailable"] == "1" else {
            // Closed, or wherever the system cannot show the accessory: no switch for it.
            XCTAssertFalse(control.exists, "the subject view switch should hide while the outer display is unavailable")
            return
        }
        let before = state["subjectEnabled"]
        XCTAssertEqual(before, "1", "the subject view is on by default")
        control.tap()
        waitForMarker("studio.state", in: app, "subject view turned off") { $0["subjectEnabled"] == "0" }
        control.tap()
        waitForMarker("studio.state", in: app, "subject view back on") { $0["subjectEnabled"] == "1" }
    }

    /// Fails if a control or the held countdown's Start sits on the fold or is under 44 pt, if a
    /// control leaves the controls' region or Start lies over it, or if the shutter is under 76 pt; attaches the frames and a screenshot of every screen XCTest
    /// lists, with a 10 s countdown on screen, held so it is still there for the last check
    /// however long the frames take (the screenshots show its Start button).
    @MainActor
    func testStudioLayoutInThisPose() throws {
        let app = launch(["-timer", "10", "-shutter", "-holdCountdown"])
        let state = waitForMarker("studio.state", in: app, "a countdown, held") { $0["phase"] == "countdown" && $0["held"] == "1" }

        let region = element(app, "studio.controls").frame
        let fold = foldMarker(app, "studio.fold")
        var report = layoutReport(app, state: state, fold: fold) + [
            "controls region: \(region)",
            "screens: \(XCUIScreen.screens.count)",
        ]
        XCTAssertFalse(region.isEmpty, "the controls' region marker is missing")

        var found = 0
        for name in ["gallery", "timer", "shutter", "mode", "switchCamera", "subjectView"] {
            let control = element(app, "control.\(name)")
            guard control.exists else { continue }
            found += 1
            let frame = control.frame
            report.append("control.\(name): \(frame)")
            // The studio keeps its controls off the fold even open and flat.
            checkControl("control.\(name)", frame, minimum: name == "shutter" ? 76 : 44, inside: region,
                         clearOf: fold.state == "none" ? nil : fold.frame)
        }
        XCTAssertGreaterThanOrEqual(found, 5, "the studio should show at least five controls")
        XCTAssertTrue(element(app, "studio.countdown").exists, "the countdown should show on the main preview")

        // The preview's own button, placed by the layout like the controls: the held countdown's
        // Start, off the fold (flat or folded), at least 44 pt, on the window and clear of the
        // controls' region. The notice's action shares its place (`PreviewButton`).
        let start = element(app, "studio.startCountdown")
        XCTAssertTrue(start.exists, "a held countdown shows its Start button")
        let startFrame = start.frame
        report.append("studio.startCountdown: \(startFrame)")
        checkControl("studio.startCountdown", startFrame, inside: app.windows.firstMatch.frame,
                     clearOf: fold.state == "none" ? nil : fold.frame)
        XCTAssertFalse(startFrame.intersects(region), "studio.startCountdown \(startFrame) lies over the controls \(region)")

        attachFrames(report)
        // Every display XCTest exposes: the main one first, then, where the simulator lists it,
        // the outer display with the subject view (the phone open).
        for (index, screen) in XCUIScreen.screens.enumerated() {
            let screenshot = XCTAttachment(screenshot: screen.screenshot())
            screenshot.name = index == 0 ? "Studio (main screen)" : "Screen \(index + 1)"
            screenshot.lifetime = .keepAlways
            add(screenshot)
        }
    }

    // MARK: - Helpers

    /// The app on the stand-in camera, from an empty gallery, with its markers shown
    /// (`launchApp` and `waitForMarker` are in AppLaunching.swift and MarkerReading.swift,
    /// shared with every Duo recipe).
    @MainActor
    private func launch(_ switches: [String] = []) -> XCUIApplication {
        launchApp(["-uiTesting", "-resetState", "-standIn"] + switches)
    }
}
