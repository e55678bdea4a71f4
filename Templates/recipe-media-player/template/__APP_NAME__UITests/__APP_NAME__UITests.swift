import XCTest

/// The player's and the library's flows, in whatever pose the phone is in.
///
/// Every test starts the app with launch switches (`-uiTesting -resetState`, plus `-play`,
/// `-paused`, `-start`, `-select`, `-upNextLead`, `-autoplay 0`, `-loop`), finds elements by
/// accessibility identifier, taps through coordinates inside them, and reads the player from
/// the invisible `player.state` marker (`item=…|playing=1|time=4|upNext=counting|pip=0|…`), so
/// none depends on where a control sits (`MarkerReading.swift`, shared with every Duo recipe).
///
/// The clips are 12 seconds long, and at the end of one autoplay moves on to the next episode,
/// so no test taps, measures or looks for an element while a clip runs towards its end: a test
/// that needs to act starts paused (`-paused`) and acts before it plays, plays with `-loop` so
/// the clip never ends, or only waits for the end. A slow simulator then costs time, never a
/// failure.
///
/// A plain `Text` has a label and no accessibility value, so its string is read from `label`;
/// only the markers and elements that set `accessibilityValue` are read through `value`.
///
/// Set the pose in Device Hub, then run the suite (or only `testPlayerLayoutInThisPose`) once
/// per pose.
final class __APP_NAME__UITests: XCTestCase {
    // MARK: - Library

    @MainActor
    func testLibraryKeepsTheSelectedEpisode() throws {
        let app = launch()
        waitForMarker("library.state", in: app, "the library, nothing selected") { $0["episode"] == "none" }
        // With nothing selected the split view shows its list in every pose.
        tap(element(app, "library.episode.small-repairs-2"))
        let library = waitForMarker("library.state", in: app, "small-repairs-2 selected") { $0["episode"] == "small-repairs-2" }
        XCTAssertEqual(library["show"], "small-repairs")
        XCTAssertTrue(element(app, "detail.play").waitForExistence(timeout: Self.markerTimeout),
                      "the episode's detail should offer Play")
        XCTAssertEqual(playerState(app)["presented"], "0", "selecting an episode must not start playback")
    }

    @MainActor
    func testSelectSwitchOpensThatEpisodesDetail() throws {
        let app = launch(["-select", "night-sky-notes-2"])
        waitForMarker("library.state", in: app, "night-sky-notes-2 selected") { $0["episode"] == "night-sky-notes-2" }
        XCTAssertTrue(element(app, "detail.title").waitForExistence(timeout: Self.markerTimeout), "the detail should show the episode")
        XCTAssertTrue(element(app, "detail.play").exists)
        XCTAssertEqual(playerState(app)["playing"], "0")
    }

    // MARK: - The player

    @MainActor
    func testPlayFromTheDetailPresentsThePlayer() throws {
        // -loop: the checks after Play run while the clip plays, and it must still be this one.
        let app = launch(["-select", "small-repairs-1", "-loop"])
        tap(element(app, "detail.play"))
        let state = waitForMarker("player.state", in: app, "playing small-repairs-1") {
            $0["presented"] == "1" && $0["item"] == "small-repairs-1" && $0["playing"] == "1"
        }
        XCTAssertEqual(state["surfaces"], "1", "the player should show the model's one video layer")
        XCTAssertTrue(element(app, "player.video").exists)
        XCTAssertTrue(element(app, "player.controls").exists)
    }

    @MainActor
    func testPlaySwitchStartsPausedAtTheGivenSecond() throws {
        let app = launch(["-play", "small-repairs-1", "-paused", "-start", "4"])
        // Wait for the time too: the marker can show 0 until the start's seek lands, which a slow
        // simulator takes a moment over.
        let state = waitForMarker("player.state", in: app, "paused at 0:04") {
            $0["presented"] == "1" && $0["item"] == "small-repairs-1" && $0["time"] == "4"
        }
        XCTAssertEqual(state["playing"], "0")
        XCTAssertEqual(state["time"], "4")
        XCTAssertEqual(state["upNext"], "hidden", "eight seconds before the end is too early for up next")
        XCTAssertEqual(state["surfaces"], "1")
        // The time is a plain Text: XCUI reports its string as the label; it has no value.
        XCTAssertEqual(element(app, "player.time").label, "0:04")
    }

    @MainActor
    func testPlayPauseAndSkipButtons() throws {
        // -loop: Pause is tapped while the clip plays; it must not have moved on by then.
        let app = launch(["-play", "small-repairs-1", "-paused", "-start", "4", "-loop"])
        waitForMarker("player.state", in: app, "paused at 0:04") { $0["presented"] == "1" && $0["time"] == "4" }

        tap(element(app, "player.skipBack"))
        waitForMarker("player.state", in: app, "back to the start") { $0["time"] == "0" && $0["playing"] == "0" }
        tap(element(app, "player.skipForward"))
        let forward = waitForMarker("player.state", in: app, "ten seconds on") { $0["time"] == "10" }
        XCTAssertEqual(forward["playing"], "0", "skipping must not start playback")

        tap(element(app, "player.skipBack"))
        waitForMarker("player.state", in: app, "back to the start again") { $0["time"] == "0" }
        tap(element(app, "player.playPause"))
        waitForMarker("player.state", in: app, "playing") { $0["playing"] == "1" }
        tap(element(app, "player.playPause"))
        let paused = waitForMarker("player.state", in: app, "paused again") { $0["playing"] == "0" }
        XCTAssertEqual(paused["item"], "small-repairs-1")
    }

    // MARK: - Up next

    @MainActor
    func testUpNextCountsDownThenPlayNowMovesOn() throws {
        // A 20-second lead is cut to half the 12-second episode: the card shows from 0:06. Paused
        // at 0:07, the card waits while the test measures it and taps Play Now.
        let app = launch(["-play", "small-repairs-1", "-paused", "-start", "7", "-upNextLead", "20"])
        let counting = waitForMarker("player.state", in: app, "up next counting, paused at 0:07") {
            $0["upNext"] == "counting" && $0["time"] == "7"
        }
        XCTAssertEqual(counting["playing"], "0")
        let card = element(app, "upNext.card")
        XCTAssertTrue(card.waitForExistence(timeout: Self.markerTimeout), "the up next card should show")
        XCTAssertTrue(element(app, "player.controls").frame.contains(card.frame),
                      "the up next card belongs inside the controls, never on its own over the video")
        tap(element(app, "upNext.playNow"))
        let next = waitForMarker("player.state", in: app, "the next episode") { $0["item"] == "small-repairs-2" }
        XCTAssertEqual(next["playing"], "1")
        XCTAssertEqual(next["upNext"], "hidden")
        XCTAssertEqual(next["surfaces"], "1", "moving on must reuse the same video layer")
    }

    @MainActor
    func testCancelledUpNextStopsAtTheEnd() throws {
        // Paused at 0:07 (inside the default window, which opens at 0:06): Cancel is tapped
        // before the clip plays, and then the test only waits for the end.
        let app = launch(["-play", "small-repairs-1", "-paused", "-start", "7"])
        waitForMarker("player.state", in: app, "up next counting, paused at 0:07") { $0["upNext"] == "counting" && $0["time"] == "7" }
        tap(element(app, "upNext.cancel"))
        waitForMarker("player.state", in: app, "up next cancelled") { $0["upNext"] == "cancelled" }
        tap(element(app, "player.playPause"))
        let end = waitForMarker("player.state", in: app, "stopped at the end") { $0["playing"] == "0" && (Int($0["time"] ?? "") ?? 0) >= 11 }
        XCTAssertEqual(end["item"], "small-repairs-1", "a cancelled card must not move on")
        XCTAssertEqual(end["upNext"], "cancelled", "the card stays dismissed until the episode changes")
    }

    @MainActor
    func testAutoplayMovesOnAtTheEndAndCanBeTurnedOff() throws {
        let on = launch(["-play", "small-repairs-1", "-start", "8"])
        let next = waitForMarker("player.state", in: on, "the next episode after the end") { $0["item"] == "small-repairs-2" }
        XCTAssertEqual(next["playing"], "1")
        on.terminate()

        let off = launch(["-play", "small-repairs-1", "-start", "8", "-autoplay", "0"])
        let stopped = waitForMarker("player.state", in: off, "stopped at the end") { $0["playing"] == "0" && (Int($0["time"] ?? "") ?? 0) >= 11 }
        XCTAssertEqual(stopped["item"], "small-repairs-1", "with autoplay off the player stays on the episode")
    }

    // MARK: - Resume points

    @MainActor
    func testResumePointSurvivesARelaunch() throws {
        let first = launch(["-play", "night-sky-notes-3", "-paused", "-start", "5"])
        waitForMarker("player.state", in: first, "paused at 0:05") { $0["presented"] == "1" && $0["time"] == "5" }
        // Going to the background saves the place, as leaving the app does for a person.
        XCUIDevice.shared.press(.home)
        RunLoop.current.run(until: Date().addingTimeInterval(2))
        first.terminate()

        // No -resetState this time: the saved point must still be there.
        let second = launch(["-select", "night-sky-notes-3"], resettingState: false)
        let resume = element(second, "detail.resume")
        XCTAssertTrue(resume.waitForExistence(timeout: Self.markerTimeout), "the detail should offer to resume")
        XCTAssertEqual(resume.value as? String, "0:05")
        tap(element(second, "detail.play"))
        // Until the resume seek lands the marker may still read 0, so wait for the first other
        // time: a resume shows 5 or more, a restart 1 or 2.
        let state = waitForMarker("player.state", in: second, "playing from the saved point") {
            $0["presented"] == "1" && ($0["time"] ?? "0") != "0"
        }
        XCTAssertGreaterThanOrEqual(Int(state["time"] ?? "") ?? 0, 5, "playback should resume, not restart")
    }

    // MARK: - Mini player, Picture in Picture

    @MainActor
    func testClosingThePlayerKeepsPlayingInTheMiniPlayer() throws {
        // -loop: the player is closed and the mini player tapped while the clip plays.
        let app = launch(["-play", "night-sky-notes-1", "-paused", "-start", "2", "-loop"])
        waitForMarker("player.state", in: app, "the player") { $0["presented"] == "1" }
        tap(element(app, "player.playPause"))
        waitForMarker("player.state", in: app, "playing") { $0["playing"] == "1" }
        tap(element(app, "player.close"))
        let closed = waitForMarker("player.state", in: app, "the player closed, still playing") { $0["presented"] == "0" }
        XCTAssertEqual(closed["playing"], "1", "closing the player must not stop the sound")
        XCTAssertEqual(closed["item"], "night-sky-notes-1")

        let mini = element(app, "mini.player")
        XCTAssertTrue(mini.waitForExistence(timeout: Self.markerTimeout), "the mini player should show")
        tap(element(app, "mini.playPause"))
        waitForMarker("player.state", in: app, "paused from the mini player") { $0["playing"] == "0" }
        tap(element(app, "mini.open"))
        let reopened = waitForMarker("player.state", in: app, "the player again") { $0["presented"] == "1" }
        XCTAssertEqual(reopened["item"], "night-sky-notes-1")
        // The player screen was closed, so one new host view shows the model's same layer.
        XCTAssertEqual(reopened["surfaces"], "2", "reopening should make exactly one new video surface")
    }

    @MainActor
    func testPictureInPictureStarts() throws {
        // -loop: the button is tapped while the clip plays.
        let app = launch(["-play", "small-repairs-1", "-paused", "-start", "1", "-loop"])
        waitForMarker("player.state", in: app, "the player") { $0["presented"] == "1" }
        let button = element(app, "player.pip")
        // The player hides the button where the system can't do Picture in Picture (the iPhone
        // Duo simulator among them); check it on a device.
        guard button.waitForExistence(timeout: 5) else {
            throw XCTSkip("Picture in Picture is not supported here; check it on a device")
        }
        tap(element(app, "player.playPause"))
        // The button is disabled until the system says Picture in Picture is possible.
        waitForMarker("player.state", in: app, "playing, Picture in Picture possible") { $0["playing"] == "1" && $0["pipReady"] == "1" }
        tap(button)
        let state = waitForMarker("player.state", in: app, "Picture in Picture on") { $0["pip"] == "1" }
        XCTAssertEqual(state["playing"], "1")
    }

    // MARK: - This pose

    /// Fails if a control is missing, leaves the controls' region, or sits on an active fold, if
    /// a button's hit region is under 44 × 44 pt, or if the video and the controls overlap in a
    /// folded pose; attaches the frames and a screenshot of the player paused at 0:04.
    @MainActor
    func testPlayerLayoutInThisPose() throws {
        let app = launch(["-play", "small-repairs-1", "-paused", "-start", "4"])
        let state = waitForMarker("player.state", in: app, "paused at 0:04") { $0["presented"] == "1" && $0["time"] == "4" }

        let video = element(app, "player.video").frame
        let region = element(app, "player.controls").frame
        let fold = foldMarker(app, "player.fold")
        var report = layoutReport(app, state: state, fold: fold) + [
            "video: \(video)",
            "controls: \(region)",
        ]
        XCTAssertFalse(video.isEmpty, "the video region is missing")
        XCTAssertFalse(region.isEmpty, "the controls' region is missing")
        if fold.isActive {
            XCTAssertFalse(Self.crosses(fold.frame, video), "the video \(video) runs over the active fold \(fold.frame)")
            XCTAssertFalse(Self.crosses(video, region), "folded, the video \(video) and controls \(region) must not overlap")
        }

        // AirPlay is the system's own button and Picture in Picture shows only where the system
        // supports it; the rest must be there in every pose.
        let optional: Set<String> = ["airplay", "pip"]
        for name in ["close", "skipBack", "playPause", "skipForward", "airplay", "pip"] {
            let control = element(app, "player.\(name)")
            guard control.exists else {
                XCTAssertTrue(optional.contains(name), "player.\(name) is missing in this pose")
                continue
            }
            let frame = control.frame
            report.append("player.\(name): \(frame)")
            // Nothing may sit on the fold, flat or folded: open and flat the controls float
            // beside it, on its trailing side.
            checkControl("player.\(name)", frame, inside: region, clearOf: fold.state == "none" ? nil : fold.frame)
        }

        // The scrubber is the system's Slider. Its accessibility frame is the track's own height
        // (about 30 pt) whatever frame surrounds it, and the system decides where a touch takes
        // hold of it, so its frame says nothing about a 44 pt hit region and no size is asserted
        // on its height. It must be there, inside the controls, off an active fold, and span at
        // least half the panel: a long track is what lets a finger place the playhead.
        let scrubber = element(app, "player.scrubber")
        XCTAssertTrue(scrubber.exists, "player.scrubber is missing in this pose")
        let track = scrubber.frame
        report.append("player.scrubber: \(track)")
        checkControl("player.scrubber", track, minimum: 0, inside: region, clearOf: fold.isActive ? fold.frame : nil)
        XCTAssertGreaterThanOrEqual(track.width, region.width / 2, "player.scrubber \(track) spans under half the controls \(region)")

        attachFrames(report)
        let screenshot = XCTAttachment(screenshot: XCUIScreen.main.screenshot())
        screenshot.name = "Player"
        screenshot.lifetime = .keepAlways
        add(screenshot)
    }

    // MARK: - Helpers

    /// The app with its markers shown, from nothing saved unless `resettingState` is false
    /// (`launchApp` is in AppLaunching.swift, shared with every Duo recipe).
    @MainActor
    private func launch(_ switches: [String] = [], resettingState: Bool = true) -> XCUIApplication {
        launchApp(["-uiTesting"] + (resettingState ? ["-resetState"] : []) + switches)
    }

    /// Taps the middle of an element through a coordinate, which works for elements inside
    /// glass panels and custom layouts where `tap()` may look for a hittable ancestor.
    @MainActor
    private func tap(_ element: XCUIElement, file: StaticString = #filePath, line: UInt = #line) {
        guard element.waitForExistence(timeout: Self.markerTimeout) else {
            XCTFail("\(element.identifier) never appeared", file: file, line: line)
            return
        }
        element.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5)).tap()
    }

    @MainActor
    private func playerState(_ app: XCUIApplication) -> [String: String] {
        let marker = element(app, "player.state")
        _ = marker.waitForExistence(timeout: Self.markerTimeout)
        return Self.markerFields(marker.value as? String ?? "")
    }
}
