import Foundation

/// What the camera does without being asked, and what the studio must do about it: an
/// interruption already in effect when the camera starts, a recording that ends by itself, a
/// change the session refuses, and a camera switch while the subject's view is off screen.
func unaskedChangeChecks(_ c: Checker) async {
    await interruptedAtStartChecks(c)
    await recordingEndedByItselfChecks(c)
    await refusedChangeChecks(c)
    await subjectPreviewCameraChecks(c)
}

// Each part a function of its own: a long async function costs the compiler far more than a
// few short ones (see ServiceChecks.swift).

private func makeStudio(_ name: String, clock: ManualClock) -> (store: StudioStore, backend: StandInBackend) {
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend), library: CaptureLibrary.open(folder: TestFolder.make(name)), clock: clock
    )
    return (store, backend)
}

// MARK: - An interruption in effect at start

private func interruptedAtStartChecks(_ c: Checker) async {
    c.begin("Recovery: an interruption in effect when the camera starts")
    let clock: ManualClock = ManualClock()
    // Another app holds the camera as the studio starts: the session does not run, and the
    // system reports the interruption after the start has failed. AVFoundation starts the
    // session by itself when the other app lets go; the studio must follow it.
    let (store, backend): (StudioStore, StandInBackend) = makeStudio("StartInterrupted", clock: clock)
    await backend.refuseNextStart()
    await store.start()
    await store.handle(.interruptionBegan)
    c.equal("the preview says Paused, not that the camera stopped", store.previewNotice?.title, PreviewNotice.pausedTitle)
    await store.handle(.interruptionEnded)
    c.check("when the interruption ends the session runs and the shutter is ready",
            await backend.isRunning && store.phase == .ready && store.previewNotice == nil, "\(store.phase)")
    store.pressShutter()
    await store.waitForWork()
    c.equal("and a photo can be taken", store.captures.count, 1)

    // Only the end is heard (the interruption began before anyone listened): it still counts.
    let (quiet, quietBackend): (StudioStore, StandInBackend) = makeStudio("StartInterruptedQuiet", clock: clock)
    await quietBackend.refuseNextStart()
    await quiet.start()
    c.equal("a start that did not run: the camera stopped, for now", quiet.previewNotice?.title, PreviewNotice.stoppedTitle)
    await quiet.handle(.interruptionEnded)
    c.check("the end of the interruption alone brings the session back", await quietBackend.isRunning && quiet.phase == .ready, "\(quiet.phase)")

    // The media services restart while a start is still held up: the session starts then too.
    let (reset, resetBackend): (StudioStore, StandInBackend) = makeStudio("StartInterruptedReset", clock: clock)
    await resetBackend.refuseNextStart()
    await reset.start()
    await reset.handle(.mediaServicesReset)
    c.check("a media services reset starts a session whose start was held up", await resetBackend.isRunning && reset.phase == .ready, "\(reset.phase)")

    // A runtime error is not an interruption: its end changes nothing, Try Again does.
    await quiet.handle(.runtimeError("the camera failed"))
    await quiet.handle(.interruptionEnded)
    c.equal("after a runtime error an interruption's end starts nothing", quiet.previewNotice?.action, .tryAgain)
}

// MARK: - A recording that ends by itself

private func recordingEndedByItselfChecks(_ c: Checker) async {
    c.begin("Recovery: a recording that ends by itself")
    let clock: ManualClock = ManualClock()
    let (store, backend): (StudioStore, StandInBackend) = makeStudio("EndedByItself", clock: clock)
    await store.start()
    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    clock.advance(by: 1)
    // The disk fills up, or a length limit is reached: the movie output stops by itself, and
    // the store hears of it through the backend's events, as it would from the real camera.
    await backend.endRecordingByItself()
    clock.advance(by: 5)
    // The store saves the movie on its own task; wait for it (real time: the frames are
    // encoded at -Onone, on a machine that may be busy), for at most 20 seconds.
    let deadline: ContinuousClock.Instant = ContinuousClock.now + .seconds(20)
    while store.phase != .ready, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
    }
    c.check("the studio stops recording: the clock is gone and the shutter is ready",
            store.phase == .ready && store.recordingText == nil, "\(store.phase)")
    c.check("what was filmed, up to the end, is in the gallery",
            store.captures.first?.kind == .movie && store.captures.first?.frameCount == 15, "\(String(describing: store.captures.first))")
    guard let first = store.captures.first else { return }
    store.pressShutter()
    await store.waitForWork()
    c.equal("a new recording starts", store.phase.name, "recording")
    await store.handle(.recordingEnded(store.url(for: first)))
    c.equal("a late report of the old recording's end does not stop the new one", store.phase.name, "recording")
    store.pressShutter()
    await store.waitForWork()
}

// MARK: - A change the session refuses

private func refusedChangeChecks(_ c: Checker) async {
    c.begin("Recovery: a change the session refuses")
    let clock: ManualClock = ManualClock()
    let (store, backend): (StudioStore, StandInBackend) = makeStudio("Refused", clock: clock)
    await store.start()
    await backend.failNext(with: .backend("the format is not supported"))
    await store.setMode(.video)
    c.check("a mode change that fails says why and keeps photo mode",
            store.mode == .photo && store.message == CaptureError.backend("the format is not supported").message, "\(store.mode)")
    c.equal("the service keeps photo mode too", await store.service.mode, .photo)
    store.pressShutter()
    await store.waitForWork()
    c.check("the shutter is not left busy: a photo is taken", store.captures.count == 1 && store.message == nil, "\(String(describing: store.message))")

    await backend.failNext(with: .backend("the camera is in use"))
    await store.switchCamera()
    c.check("a camera switch that fails keeps the rear camera", store.intent == .rear && store.camera == .rearWide, "\(store.intent)")
    let serviceCamera: CameraDescriptor? = await store.service.camera
    c.check("in the service too", await store.service.intent == .rear && serviceCamera == .rearWide)
    let configured: CameraDescriptor? = await backend.configuration?.camera
    c.equal("and the session is set up with it again", configured, .rearWide)
    store.pressShutter()
    await store.waitForWork()
    c.equal("and the shutter still works", store.captures.count, 2)
    await refusedDirectionChangeChecks(c, clock: clock)
}

private func refusedDirectionChangeChecks(_ c: Checker, clock: ManualClock) async {
    // Only the physical front cameras (no virtual one): a front intent follows the camera that
    // faces the photographer, so a new direction map means a new camera. If the session refuses
    // it, the service must go on naming the camera that still streams.
    let backend: StandInBackend = StandInBackend(
        encoding: PortableStandInEncoding(), clock: clock, cameras: [.rearWide, .innerUltraWide, .outerUltraWide]
    )
    let service: CaptureService = CaptureService(backend: backend)
    _ = await service.prepare(intent: .rear, mode: .photo)
    try? await service.updateDirections(CameraDirectionMap(forward: [.innerUltraWide], backward: [.rearWide, .outerUltraWide]), outer: nil)
    _ = try? await service.switchCamera()
    await backend.failNext(with: .backend("the camera is in use"))
    let refused: CaptureError? = await errorOf {
        try await service.updateDirections(CameraDirectionMap(forward: [.outerUltraWide], backward: [.rearWide, .innerUltraWide]), outer: nil)
    }
    let configured: CameraDescriptor? = await backend.configuration?.camera
    let named: CameraDescriptor? = await service.camera
    c.check("the phone closes and the session refuses the outer camera: the service still names the inner one it streams",
            refused == .backend("the camera is in use") && configured == .innerUltraWide && named == .innerUltraWide,
            "\(String(describing: refused)) \(String(describing: configured)) \(String(describing: named))")
}

// MARK: - The subject's preview follows the camera

/// Stands for the subject's preview layer.
private final class SubjectLayer: CapturePreview {}

private func subjectPreviewCameraChecks(_ c: Checker) async {
    c.begin("Recovery: the subject's preview follows every camera switch")
    let clock: ManualClock = ManualClock()
    let (store, backend): (StudioStore, StandInBackend) = makeStudio("SubjectCamera", clock: clock)
    await store.start()
    // A direction map from the outer display in which the rear and the front camera both face
    // the subject: the mirroring stays the same through the switches, only the camera changes.
    await store.subjectDirectionsChanged(CameraDirectionMap(forward: [.rearWide, .virtualFront], backward: []))
    await store.attachSubjectPreview(SubjectLayer())
    await store.switchCamera()
    await store.switchCamera()
    let calls: [(preview: ObjectIdentifier, cameraID: String?, mirrored: Bool)] = await backend.subjectPreviewCalls
    c.equal("rear, front, rear: the subject's preview is told each camera, in turn",
            calls.map(\.cameraID), [CameraDescriptor.rearWide.uniqueID, CameraDescriptor.virtualFront.uniqueID, CameraDescriptor.rearWide.uniqueID])
    c.check("with the same mirroring throughout", calls.allSatisfy(\.mirrored))
}
