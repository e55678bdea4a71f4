import Foundation
import Testing
@testable import __APP_NAME__

/// The studio's store on the stand-in camera, in parts: one long async function costs the
/// compiler far more than a few short ones (see ServiceChecks.swift).
@Test("Studio store", .timeLimit(.minutes(3)))
func storeChecks() async {
    let clock: ManualClock = ManualClock()
    let folder: URL = TestFolder.make("Store")
    let options: LaunchOptions = LaunchOptions(arguments: ["-standIn", "-timer", "3"])
    let store: StudioStore = makeStore(clock: clock, folder: folder, options: options)
    #expect(store.timer == .threeSeconds && store.mode == .photo, "launch switches set the timer and the mode")
    await store.start()
    #expect(store.phase == .ready, "ready once the stand-in runs")
    #expect(store.previewLabel == "Stand-in camera", "the preview says it is the stand-in")

    await storePhotoChecks(store: store, clock: clock)
    await storeRecordingChecks(store: store, clock: clock)
    await storeSwitchChecks(store: store)
    await storeInterruptionChecks(store: store, clock: clock)
    await storeRelaunchChecks(clock: clock, folder: folder)
    await storeHeldCountdownChecks(clock: clock)
    await storeDeniedChecks(clock: clock)
}

private func storePhotoChecks(store: StudioStore, clock: ManualClock) async {
    // Shutter → countdown → photo saved.
    store.pressShutter()
    #expect(store.countdownSecondsLeft == 3, "the shutter starts the countdown")
    clock.advance(by: 1)
    #expect(store.countdownSecondsLeft == 2, "a second later it shows 2")
    #expect(store.subjectDisplay.overlay == .countdown(2), "the subject sees the countdown too")
    #expect(MarkerText.fields(store.studioMarker)["countdown"] == "2", "the marker shows the countdown")
    #expect(store.subjectDisplay.picture == .camera(mirrored: true), "the subject sees themselves, mirrored")
    clock.advance(by: 2)
    await store.waitForWork()
    #expect(store.captures.first?.kind == .photo, "when it ends, a photo is saved in the gallery")
    #expect(store.phase == .ready, "and the studio is ready again")
    #expect(store.captures.first.map { FileManager.default.fileExists(atPath: store.url(for: $0).path) } ?? false, "the photo's file exists")
    #expect(MarkerText.fields(store.galleryMarker)["photos"] == "1", "the gallery marker counts it")

    // Tapping the shutter during a countdown cancels it.
    store.pressShutter()
    store.pressShutter()
    await store.waitForWork()
    #expect(store.phase == .ready && store.captures.count == 1, "a second tap cancels the countdown: no photo")
    #expect(timerFixedDuringCountdown(store), "the timer is fixed while counting down")
    store.cancelCountdown()
}

private func storeRecordingChecks(store: StudioStore, clock: ManualClock) async {
    // Record → stop → movie saved.
    store.setTimer(.off)
    await store.setMode(.video)
    #expect(store.mode == .video, "video mode")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.phase.name == "recording", "the shutter starts recording")
    clock.advance(by: 2)
    #expect(store.recordingText == "0:02", "the recording time shows 0:02")
    #expect(store.subjectDisplay.overlay == .recording("0:02"), "the subject sees the recording time")
    store.pressShutter()
    await store.waitForWork()
    let movie: Capture? = store.captures.first
    #expect(movie?.kind == .movie && store.phase == .ready, "the shutter stops it and the movie is saved")
    #expect(movie?.frameCount == 30 && movie?.duration == 2, "the gallery records 30 frames and 2 s — \(String(describing: movie))")
    let movieData: Data = movie.flatMap { try? Data(contentsOf: store.url(for: $0)) } ?? Data()
    #expect(MediaInspection.movie(movieData)?.frameCount == movie?.frameCount, "the movie file holds the frames the gallery records")
}

private func storeSwitchChecks(store: StudioStore) async {
    // Switch camera, the outer display.
    await store.switchCamera()
    #expect(store.intent == .front && store.isPreviewMirrored, "switch camera: the front camera, mirrored")
    #expect(store.subjectDisplay.picture == .lookHere, "with the front camera the subject sees 'Look here'")
    await store.switchCamera()
    store.subjectAvailabilityChanged(true)
    store.subjectViewEnabled = false
    let fields: [String: String] = MarkerText.fields(store.studioMarker)
    #expect(fields["subjectAvailable"] == "1" && fields["subjectEnabled"] == "0", "the accessory's availability and switch reach the marker")
    #expect(fields["mode"] == "video" && fields["camera"] == "rear" && fields["captures"] == "2", "the marker carries mode, camera and captures")
}

private func storeInterruptionChecks(store: StudioStore, clock: ManualClock) async {
    // An interruption while recording keeps the movie.
    store.pressShutter()
    await store.waitForWork()
    clock.advance(by: 0.4)
    await store.handle(.interruptionBegan)
    #expect(store.captures.count == 3 && store.captures.first?.frameCount == 6, "an interruption saves the recording so far")
    #expect(store.phase == .interrupted, "the studio shows the interruption")
    store.pressShutter()
    #expect(store.phase == .interrupted, "the shutter does nothing while interrupted")
    await store.handle(.interruptionEnded)
    #expect(store.phase == .ready, "ready after the interruption")

    if let first = store.captures.last {
        store.delete(first)
    }
    #expect(store.captures.count == 2, "delete from the gallery")
}

private func storeRelaunchChecks(clock: ManualClock, folder: URL) async {
    // A new store over the same folder: the gallery survives; -resetState clears it.
    let again: StudioStore = makeStore(clock: clock, folder: folder, options: LaunchOptions(arguments: ["-standIn"]))
    #expect(again.captures.count == 2, "the gallery survives a relaunch")
    let reset: StudioStore = makeStore(clock: clock, folder: folder, options: LaunchOptions(arguments: ["-standIn", "-resetState"]))
    #expect(reset.captures.isEmpty, "-resetState empties the gallery")

    // -shutter presses the shutter as soon as the camera runs.
    let launched: StudioStore = makeStore(clock: clock, folder: folder, options: LaunchOptions(arguments: ["-standIn", "-shutter", "-timer", "10"]))
    await launched.start()
    #expect(launched.countdownSecondsLeft == 10, "-shutter with -timer 10 starts a 10 s countdown")
    launched.cancelCountdown()
}

private func storeHeldCountdownChecks(clock: ManualClock) async {
    // -holdCountdown: the countdown waits at its length until released, then runs and takes the photo.
    let options: LaunchOptions = LaunchOptions(arguments: ["-standIn", "-resetState", "-shutter", "-timer", "3", "-holdCountdown"])
    let held: StudioStore = makeStore(clock: clock, folder: TestFolder.make("Held"), options: options)
    await held.start()
    clock.advance(by: 60)
    await held.waitForWork()
    #expect(held.isCountdownHeld && held.countdownSecondsLeft == 3 && held.captures.isEmpty, "-holdCountdown: a minute later the countdown still shows 3 and took no photo — \(held.phase)")
    #expect(MarkerText.fields(held.studioMarker)["held"] == "1", "the marker says it is held")
    held.releaseCountdown()
    #expect(!held.isCountdownHeld && held.countdownSecondsLeft == 3, "released, it runs from now")
    clock.advance(by: 1)
    #expect(held.countdownSecondsLeft == 2, "a second after the release it shows 2")
    clock.advance(by: 2)
    await held.waitForWork()
    #expect(held.phase == .ready && held.captures.count == 1, "and at its end the photo is taken — \(held.phase)")
    held.releaseCountdown()
    #expect(held.phase == .ready, "releasing with no countdown does nothing")

    // The shutter cancels a held countdown, as it does a running one.
    held.pressShutter()
    #expect(held.isCountdownHeld, "the shutter holds the next countdown too")
    held.pressShutter()
    clock.advance(by: 5)
    await held.waitForWork()
    #expect(held.phase == .ready && held.captures.count == 1, "the shutter cancels a held countdown: no photo")
}

private func storeDeniedChecks(clock: ManualClock) async {
    // Access refused: the preview says so and offers Settings.
    let denied: StudioStore = StudioStore(
        service: CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .denied)),
        library: CaptureLibrary.open(folder: TestFolder.make("Denied")), clock: clock
    )
    await denied.start()
    #expect(denied.phase == .unavailable(.denied) && denied.offersOpenSettings && denied.previewLabel == CameraAccess.denied.previewMessage, "denied: the preview explains and offers Open Settings")
    denied.pressShutter()
    #expect(denied.phase == .unavailable(.denied), "denied: the shutter does nothing")
}

private func makeStore(clock: ManualClock, folder: URL, options: LaunchOptions) -> StudioStore {
    StudioStore(
        service: CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock)),
        library: CaptureLibrary.open(folder: folder), clock: clock, options: options
    )
}

private func timerFixedDuringCountdown(_ store: StudioStore) -> Bool {
    store.setTimer(.threeSeconds)
    store.pressShutter()
    store.cycleTimer()
    return store.timer == .threeSeconds
}
