import Foundation
import Testing
@testable import __APP_NAME__

/// When the camera runs: only while the photographer can see the studio. Not while the gallery
/// covers it, nor while its scene is inactive (Control Center, the app switcher, a system
/// alert) or in the background: the camera and, in video mode, the microphone would run unseen,
/// with the privacy indicator on. In parts, as `storeChecks` is.
@Test("Camera out of sight", .timeLimit(.minutes(3)))
func gallerySessionChecks() async {
    visibilityRuleChecks()
    await galleryChecks()
    await galleryWhileStartingChecks()
    await sceneChecks()
    await backgroundMidCaptureChecks()
    await glanceAwayMidCountdownChecks()
}

/// A store on the stand-in camera, with a clock the test moves.
private func makeOutOfSightStore(_ name: String, arguments: [String] = []) -> (StudioStore, StandInBackend, ManualClock) {
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend),
        library: CaptureLibrary.open(folder: TestFolder.make(name)), clock: clock,
        options: LaunchOptions(arguments: ["-standIn"] + arguments)
    )
    return (store, backend, clock)
}

/// The rule itself, over every scene and phase.
private func visibilityRuleChecks() {
    let idle: [StudioPhase] = [.starting, .ready, .interrupted, .unavailable(.denied), .failed("broken")]
    let countdown: StudioPhase = .countingDown(Countdown(seconds: 3, startedAt: 0), then: .photo)
    let recording: StudioPhase = .recording(RecordingClock(startedAt: 0))
    let seen: StudioVisibility = StudioVisibility()
    let everyPhase: [StudioPhase] = idle + [countdown, recording, .takingPhoto, .saving]
    #expect(everyPhase.allSatisfy { seen.demand(in: $0) == .run }, "seen, the camera runs in every phase")
    for scene in [StudioVisibility.Scene.inactive, .background] {
        let unseen: StudioVisibility = StudioVisibility(scene: scene, galleryShown: false)
        let running: [String] = idle.filter { unseen.demand(in: $0) != .stop }.map(\.name)
        #expect(running.isEmpty, "\(scene.rawValue), an idle camera stops — not stopped in \(running)")
        #expect(unseen.demand(in: .takingPhoto) == .finishFirst && unseen.demand(in: .saving) == .finishFirst,
                "\(scene.rawValue), a photo or a save under way finishes first")
    }
    let glance: StudioVisibility = StudioVisibility(scene: .inactive, galleryShown: false)
    #expect(glance.demand(in: countdown) == .finishFirst && glance.demand(in: recording) == .finishFirst,
            "a glance away (inactive) lets a countdown or a recording carry on")
    let away: StudioVisibility = StudioVisibility(scene: .background, galleryShown: false)
    #expect(away.demand(in: countdown) == .endThenStop && away.demand(in: recording) == .endThenStop,
            "in the background a countdown is cancelled and a recording ended before the camera stops")
    let gallery: StudioVisibility = StudioVisibility(scene: .active, galleryShown: true)
    #expect(!gallery.isSeen && gallery.demand(in: .ready) == .stop, "under the gallery an idle camera stops")
    #expect(StudioVisibility().isSeen, "before any window reports, the studio counts as seen, as at launch")
    #expect(StudioVisibility.newWindow() != StudioVisibility.newWindow(), "each window gets a name of its own")

    // iPad: two windows share the store; the studio is seen while either shows it.
    var two: StudioVisibility = StudioVisibility()
    two.setScene(.background, in: "left")
    two.setScene(.active, in: "right")
    #expect(two.demand(in: .ready) == .run, "one window in the background, the other showing the studio: the camera runs")
    two.setGalleryShown(true, in: "right")
    #expect(two.demand(in: .ready) == .stop, "the other window's gallery covers it: the camera stops")
    #expect(two.demand(in: recording) == .finishFirst, "a recording carries on while a window is still on screen")
    two.setScene(.background, in: "right")
    #expect(two.demand(in: recording) == .endThenStop, "both in the background: the recording ends")
}

private func galleryChecks() async {
    let (store, backend, _) = makeOutOfSightStore("GallerySession")
    await store.start()
    let runsAtStart: Bool = await backend.isRunning
    #expect(runsAtStart && store.phase == .ready, "the camera runs while the studio shows")
    await store.galleryShown(true)
    let runsUnderGallery: Bool = await backend.isRunning
    #expect(!runsUnderGallery, "the camera stops while the gallery shows")
    // The system's reports go on arriving under the gallery; none may start the camera or
    // leave the studio saying it stopped.
    await store.handle(.interruptionBegan)
    await store.handle(.interruptionEnded)
    let runsAfterReports: Bool = await backend.isRunning
    #expect(!runsAfterReports && store.previewNotice?.title != PreviewNotice.stoppedTitle,
            "an interruption under the gallery neither starts the camera nor fails the studio — phase \(store.phase.name)")
    await store.galleryShown(false)
    let runsAfter: Bool = await backend.isRunning
    #expect(runsAfter && store.phase == .ready, "the camera runs again, ready, once the gallery closes — running \(runsAfter), phase \(store.phase.name)")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.first?.kind == .photo, "and takes a photo")
    await store.stop()
}

/// The gallery button works while the camera is still starting (it is busy only during a
/// capture): a camera whose start ends under the gallery must stop then, not run unseen.
private func galleryWhileStartingChecks() async {
    let (store, backend, _) = makeOutOfSightStore("GalleryWhileStarting")
    #expect(store.phase == .starting, "a new store is starting")
    await store.galleryShown(true)
    await store.start()
    let runsUnderGallery: Bool = await backend.isRunning
    #expect(!runsUnderGallery, "a camera that finishes starting under the gallery stops")
    await store.galleryShown(false)
    let runsAfter: Bool = await backend.isRunning
    #expect(runsAfter && store.phase == .ready, "and runs, ready, once the gallery closes — phase \(store.phase.name)")
    await store.stop()
}

/// Control Center, the app switcher, a system alert, the background: the camera stops, and
/// runs again, ready, when the scene is active. The permission prompt makes the scene inactive
/// while the camera starts; the camera stops when its start ends.
private func sceneChecks() async {
    let (store, backend, _) = makeOutOfSightStore("SceneSession")
    await store.sceneChanged(.inactive)
    await store.start()
    let runsAfterPrompt: Bool = await backend.isRunning
    #expect(!runsAfterPrompt, "a camera that finishes starting in an inactive scene stops")
    await store.sceneChanged(.active)
    let runsActive: Bool = await backend.isRunning
    #expect(runsActive && store.phase == .ready, "active, it runs — phase \(store.phase.name)")
    for scene in [StudioVisibility.Scene.inactive, .background] {
        await store.sceneChanged(scene)
        let runsUnseen: Bool = await backend.isRunning
        #expect(!runsUnseen, "\(scene.rawValue), the camera stops")
        #expect(!store.isSeen && store.phase == .ready, "and the studio stays ready to carry on — phase \(store.phase.name)")
        await store.sceneChanged(.active)
        let runsAgain: Bool = await backend.isRunning
        #expect(runsAgain && store.phase == .ready, "active again after \(scene.rawValue), it runs, ready — phase \(store.phase.name)")
    }
    // Both at once: the gallery still covers the studio when the scene comes back.
    await store.galleryShown(true)
    await store.sceneChanged(.background)
    await store.sceneChanged(.active)
    let runsUnderGallery: Bool = await backend.isRunning
    #expect(!runsUnderGallery, "back from the background with the gallery open, the camera stays stopped")
    await store.galleryShown(false)
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.first?.kind == .photo, "closing the gallery, the studio takes a photo")
    // A second window (iPad) in the background does not stop the camera the first one shows.
    await store.sceneChanged(.background, in: "second")
    let runsBesideSecond: Bool = await backend.isRunning
    #expect(runsBesideSecond && store.isSeen, "a second window in the background leaves the camera running for the first")
    await store.stop()
}

/// The background mid-countdown and mid-recording: the countdown takes no photo, the recording
/// is kept in the gallery, and the camera stops.
private func backgroundMidCaptureChecks() async {
    let (store, backend, clock) = makeOutOfSightStore("BackgroundMidCapture", arguments: ["-timer", "3"])
    await store.start()
    store.pressShutter()
    #expect(store.countdownSecondsLeft == 3, "the countdown runs")
    await store.sceneChanged(.background)
    clock.advance(by: 5)
    await store.waitForWork()
    let runsInBackground: Bool = await backend.isRunning
    #expect(store.phase == .ready && store.captures.isEmpty, "the background cancels the countdown: no photo — phase \(store.phase.name)")
    #expect(!runsInBackground, "and the camera stops")
    await store.sceneChanged(.active)
    store.setTimer(.off)
    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    #expect(store.phase.name == "recording", "recording")
    clock.advance(by: 2)
    await store.sceneChanged(.background)
    let runsAfterRecording: Bool = await backend.isRunning
    #expect(store.captures.first?.kind == .movie && store.phase == .ready,
            "the background ends the recording and keeps it in the gallery — phase \(store.phase.name), \(store.captures.count) captures")
    #expect(!runsAfterRecording, "then the camera stops")
    await store.sceneChanged(.active)
    let runsAgain: Bool = await backend.isRunning
    #expect(runsAgain && store.phase == .ready, "back in front, it runs, ready")
    await store.stop()
}

/// Control Center pulled down mid-countdown: the photo is still taken (the photographer started
/// it), and then the camera stops, since the studio is still out of sight.
private func glanceAwayMidCountdownChecks() async {
    let (store, backend, clock) = makeOutOfSightStore("GlanceAway", arguments: ["-timer", "3"])
    await store.start()
    store.pressShutter()
    await store.sceneChanged(.inactive)
    let runsDuringCountdown: Bool = await backend.isRunning
    #expect(runsDuringCountdown && store.countdownSecondsLeft != nil, "a glance away lets the countdown run")
    clock.advance(by: 3)
    await store.waitForWork()
    let runsAfterPhoto: Bool = await backend.isRunning
    #expect(store.captures.first?.kind == .photo, "the photo is taken")
    #expect(!runsAfterPhoto, "and the camera stops once it is saved, the studio still out of sight")
    await store.sceneChanged(.active)
    let runsAgain: Bool = await backend.isRunning
    #expect(runsAgain && store.phase == .ready, "active again, it runs, ready")
    await store.stop()
}
