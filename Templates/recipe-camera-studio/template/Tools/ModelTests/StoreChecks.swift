import Foundation

/// The studio's store on the stand-in camera, in parts: one long async function costs the
/// compiler far more than a few short ones (see ServiceChecks.swift).
func storeChecks(_ c: Checker) async {
    c.begin("Studio store")
    let clock: ManualClock = ManualClock()
    let folder: URL = TestFolder.make("Store")
    let options: LaunchOptions = LaunchOptions(arguments: ["-standIn", "-timer", "3"])
    let store: StudioStore = makeStore(clock: clock, folder: folder, options: options)
    c.check("launch switches set the timer and the mode", store.timer == .threeSeconds && store.mode == .photo)
    await store.start()
    c.equal("ready once the stand-in runs", store.phase, .ready)
    c.equal("the preview says it is the stand-in", store.previewLabel, "Stand-in camera")

    await storePhotoChecks(c, store: store, clock: clock)
    await storeRecordingChecks(c, store: store, clock: clock)
    await storeSwitchChecks(c, store: store)
    await storeInterruptionChecks(c, store: store, clock: clock)
    await storeRelaunchChecks(c, clock: clock, folder: folder)
    await storeDeniedChecks(c, clock: clock)
}

private func storePhotoChecks(_ c: Checker, store: StudioStore, clock: ManualClock) async {
    // Shutter → countdown → photo saved.
    store.pressShutter()
    c.equal("the shutter starts the countdown", store.countdownSecondsLeft, 3)
    clock.advance(by: 1)
    c.equal("a second later it shows 2", store.countdownSecondsLeft, 2)
    c.equal("the subject sees the countdown too", store.subjectDisplay.overlay, .countdown(2))
    c.equal("the marker shows the countdown", MarkerText.fields(store.studioMarker)["countdown"], "2")
    c.equal("the subject sees themselves, mirrored", store.subjectDisplay.picture, .camera(mirrored: true))
    clock.advance(by: 2)
    await store.waitForWork()
    c.equal("when it ends, a photo is saved in the gallery", store.captures.first?.kind, .photo)
    c.equal("and the studio is ready again", store.phase, .ready)
    c.check("the photo's file exists", store.captures.first.map { FileManager.default.fileExists(atPath: store.url(for: $0).path) } ?? false)
    c.equal("the gallery marker counts it", MarkerText.fields(store.galleryMarker)["photos"], "1")

    // Tapping the shutter during a countdown cancels it.
    store.pressShutter()
    store.pressShutter()
    await store.waitForWork()
    c.check("a second tap cancels the countdown: no photo", store.phase == .ready && store.captures.count == 1)
    c.check("the timer is fixed while counting down", timerFixedDuringCountdown(store))
    store.cancelCountdown()
}

private func storeRecordingChecks(_ c: Checker, store: StudioStore, clock: ManualClock) async {
    // Record → stop → movie saved.
    store.setTimer(.off)
    await store.setMode(.video)
    c.equal("video mode", store.mode, .video)
    store.pressShutter()
    await store.waitForWork()
    c.equal("the shutter starts recording", store.phase.name, "recording")
    clock.advance(by: 2)
    c.equal("the recording time shows 0:02", store.recordingText, "0:02")
    c.equal("the subject sees the recording time", store.subjectDisplay.overlay, .recording("0:02"))
    store.pressShutter()
    await store.waitForWork()
    let movie: Capture? = store.captures.first
    c.check("the shutter stops it and the movie is saved", movie?.kind == .movie && store.phase == .ready)
    c.check("the gallery records 30 frames and 2 s", movie?.frameCount == 30 && movie?.duration == 2, "\(String(describing: movie))")
    let movieData: Data = movie.flatMap { try? Data(contentsOf: store.url(for: $0)) } ?? Data()
    c.equal("the movie file holds the frames the gallery records", MediaInspection.movie(movieData)?.frameCount, movie?.frameCount)
}

private func storeSwitchChecks(_ c: Checker, store: StudioStore) async {
    // Switch camera, the outer display.
    await store.switchCamera()
    c.check("switch camera: the front camera, mirrored", store.intent == .front && store.isPreviewMirrored)
    c.equal("with the front camera the subject sees 'Look here'", store.subjectDisplay.picture, .lookHere)
    await store.switchCamera()
    store.subjectAvailabilityChanged(true)
    store.subjectViewEnabled = false
    let fields: [String: String] = MarkerText.fields(store.studioMarker)
    c.check("the accessory's availability and switch reach the marker", fields["subjectAvailable"] == "1" && fields["subjectEnabled"] == "0")
    c.check("the marker carries mode, camera and captures", fields["mode"] == "video" && fields["camera"] == "rear" && fields["captures"] == "2")
}

private func storeInterruptionChecks(_ c: Checker, store: StudioStore, clock: ManualClock) async {
    // An interruption while recording keeps the movie.
    store.pressShutter()
    await store.waitForWork()
    clock.advance(by: 0.4)
    await store.handle(.interruptionBegan)
    c.check("an interruption saves the recording so far", store.captures.count == 3 && store.captures.first?.frameCount == 6)
    c.equal("the studio shows the interruption", store.phase, .interrupted)
    store.pressShutter()
    c.equal("the shutter does nothing while interrupted", store.phase, .interrupted)
    await store.handle(.interruptionEnded)
    c.equal("ready after the interruption", store.phase, .ready)

    if let first = store.captures.last {
        store.delete(first)
    }
    c.equal("delete from the gallery", store.captures.count, 2)
}

private func storeRelaunchChecks(_ c: Checker, clock: ManualClock, folder: URL) async {
    // A new store over the same folder: the gallery survives; -resetState clears it.
    let again: StudioStore = makeStore(clock: clock, folder: folder, options: LaunchOptions(arguments: ["-standIn"]))
    c.equal("the gallery survives a relaunch", again.captures.count, 2)
    let reset: StudioStore = makeStore(clock: clock, folder: folder, options: LaunchOptions(arguments: ["-standIn", "-resetState"]))
    c.check("-resetState empties the gallery", reset.captures.isEmpty)

    // -shutter presses the shutter as soon as the camera runs.
    let launched: StudioStore = makeStore(clock: clock, folder: folder, options: LaunchOptions(arguments: ["-standIn", "-shutter", "-timer", "10"]))
    await launched.start()
    c.equal("-shutter with -timer 10 starts a 10 s countdown", launched.countdownSecondsLeft, 10)
    launched.cancelCountdown()
}

private func storeDeniedChecks(_ c: Checker, clock: ManualClock) async {
    // Access refused: the preview says so and offers Settings.
    let denied: StudioStore = StudioStore(
        service: CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .denied)),
        library: CaptureLibrary.open(folder: TestFolder.make("Denied")), clock: clock
    )
    await denied.start()
    c.check("denied: the preview explains and offers Open Settings", denied.phase == .unavailable(.denied) && denied.offersOpenSettings && denied.previewLabel == CameraAccess.denied.previewMessage)
    denied.pressShutter()
    c.equal("denied: the shutter does nothing", denied.phase, .unavailable(.denied))
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
