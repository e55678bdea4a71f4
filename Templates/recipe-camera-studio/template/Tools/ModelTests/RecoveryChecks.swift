import Foundation

/// What the camera layer must do after something goes wrong: free the shutter after a failed
/// capture, say why there is no picture, and bring the session back by itself when it can.
func recoveryChecks(_ c: Checker) async {
    await captureAfterFailureChecks(c)
    await oneShotChecks(c)
    captureSlotChecks(c)
    noticeChecks(c)
    await restartChecks(c)
    await subjectPreviewChecks(c)
    photoSizingChecks(c)
    await unaskedChangeChecks(c)
}

// MARK: - A capture after a failed one

// Each part a function of its own: a long async function costs the compiler far more than a
// few short ones (see ServiceChecks.swift).
private func captureAfterFailureChecks(_ c: Checker) async {
    c.begin("Recovery: a capture after a failed one")
    let folder: URL = TestFolder.make("Recovery")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let service: CaptureService = CaptureService(backend: backend)
    _ = await service.prepare(intent: .rear, mode: .photo)

    await failedPhotoChecks(c, service: service, backend: backend, folder: folder)
    await failedRecordingChecks(c, service: service, backend: backend, clock: clock, folder: folder)
    await lostRecordingChecks(c, service: service, backend: backend, clock: clock, folder: folder)
    await failedPhotoInStoreChecks(c, backend: backend, clock: clock, folder: folder)
}

private func failedPhotoChecks(_ c: Checker, service: CaptureService, backend: StandInBackend, folder: URL) async {
    await backend.failNext(with: .backend("the sensor stopped"))
    c.equal("a photo that fails part way reports the camera's error",
            await errorOf { _ = try await service.takePhoto(to: folder.appendingPathComponent("failed.jpg")) },
            .backend("the sensor stopped"))
    let after: PhotoResult? = try? await service.takePhoto(to: folder.appendingPathComponent("after.jpg"))
    c.check("the next photo succeeds: the shutter is not left busy", after != nil)

    let unwritable: URL = folder.appendingPathComponent("missing-folder/photo.jpg")
    c.equal("a photo that cannot be written says so",
            await errorOf { _ = try await service.takePhoto(to: unwritable) }, .writeFailed("photo.jpg"))
    let afterWrite: PhotoResult? = try? await service.takePhoto(to: folder.appendingPathComponent("after-write.jpg"))
    c.check("a photo after a failed write succeeds", afterWrite != nil)
}

private func failedRecordingChecks(
    _ c: Checker, service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    try? await service.setMode(.video)
    await backend.failNext(with: .backend("no disk"))
    c.equal("a recording that fails to start reports the camera's error",
            await errorOf { try await service.startRecording(to: folder.appendingPathComponent("failed.mov")) },
            .backend("no disk"))
    c.equal("and the session is not left recording", await service.state, .running)
    let started: CaptureError? = await errorOf { try await service.startRecording(to: folder.appendingPathComponent("next.mov")) }
    c.check("the next recording starts", started == nil, "\(String(describing: started))")
    clock.advance(by: 1)
    c.check("and it ends with its movie", (try? await service.stopRecording())?.frameCount == 15)
}

private func lostRecordingChecks(
    _ c: Checker, service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    try? await service.startRecording(to: folder.appendingPathComponent("lost.mov"))
    clock.advance(by: 0.4)
    await backend.failNext(with: .writeFailed("lost.mov"))
    c.equal("a recording whose movie cannot be finished reports it",
            await errorOf { _ = try await service.stopRecording() }, .writeFailed("lost.mov"))
    try? await service.startRecording(to: folder.appendingPathComponent("again.mov"))
    clock.advance(by: 1)
    let again: MovieResult? = try? await service.stopRecording()
    c.check("a recording after a failed recording succeeds", again?.frameCount == 15, "\(String(describing: again))")
}

private func failedPhotoInStoreChecks(_ c: Checker, backend: StandInBackend, clock: ManualClock, folder: URL) async {
    // The same through the store, as the shutter sees it.
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend), library: CaptureLibrary.open(folder: TestFolder.make("RecoveryStore")), clock: clock
    )
    await store.start()
    await backend.failNext(with: .backend("the sensor stopped"))
    store.pressShutter()
    await store.waitForWork()
    c.check("the store: a failed photo leaves the studio ready and says why",
            store.phase == .ready && store.message == CaptureError.backend("the sensor stopped").message && store.captures.isEmpty,
            "\(store.phase) \(String(describing: store.message))")
    store.pressShutter()
    await store.waitForWork()
    c.check("the store: the next photo is saved", store.captures.count == 1 && store.message == nil)
}

private func oneShotChecks(_ c: Checker) async {
    c.begin("Recovery: a delegate's result is handed over once")
    let early: OneShot<Int> = OneShot()
    c.check("the first result is taken", early.deliver(.success(1)))
    c.check("a second result is dropped, not delivered twice", !early.deliver(.success(2)))
    c.equal("a result that came before anyone waited is kept", try? await early.value(), 1)

    let late: OneShot<Int> = OneShot()
    let waiter: Task<Int?, Never> = Task { try? await late.value() }
    while !late.isAwaited {
        await Task.yield()
    }
    late.deliver(.success(7))
    c.equal("a waiter gets the result that arrives later", await waiter.value, 7)
    c.equal("once it has arrived, asking again returns it", try? await late.value(), 7)

    let shared: OneShot<Int> = OneShot()
    let first: Task<Int?, Never> = Task { try? await shared.value() }
    while !shared.isAwaited {
        await Task.yield()
    }
    c.equal("a second waiter at the same time is refused as busy", await errorOf { _ = try await shared.value() }, .busy)
    shared.deliver(.success(5))
    c.equal("and the first still gets the result", await first.value, 5)

    // The photo output reports a failed capture's end after (or instead of) the photo: the
    // fallback must not override a photo, and must end the wait when no photo comes.
    let photo: OneShot<Int> = OneShot()
    photo.deliver(.success(3))
    photo.deliver(.failure(.backend("the capture ended without a photo")))
    c.equal("the capture's end after a photo keeps the photo", try? await photo.value(), 3)
    let none: OneShot<Int> = OneShot()
    none.deliver(.failure(.backend("the capture ended without a photo")))
    var thrown: CaptureError? = nil
    do {
        _ = try await none.value()
    } catch {
        thrown = error as? CaptureError
    }
    c.equal("a capture that ends with no photo ends the wait with an error", thrown, .backend("the capture ended without a photo"))
}

private func captureSlotChecks(_ c: Checker) {
    c.begin("Recovery: one capture at a time")
    var slot: CaptureSlot<String> = CaptureSlot()
    c.check("an empty slot is free", !slot.isTaken)
    var first: CaptureError? = nil
    do {
        try slot.take("photo 1")
    } catch {
        first = error
    }
    c.check("the first capture takes it", first == nil && slot.item == "photo 1")
    var second: CaptureError? = nil
    do {
        try slot.take("photo 2")
    } catch {
        second = error
    }
    c.equal("a second capture meanwhile is busy", second, .busy)
    c.equal("freeing returns what it held", slot.free(), "photo 1")
    c.check("and the slot is free again", !slot.isTaken && (try? slot.take("photo 3")) != nil)
}

// MARK: - What the preview says

private func noticeChecks(_ c: Checker) {
    c.begin("Recovery: what the preview says in each state")
    let live: [StudioPhase] = [
        .starting, .ready, .countingDown(Countdown(seconds: 3, startedAt: 0), then: .photo), .takingPhoto,
        .recording(RecordingClock(startedAt: 0)), .saving,
    ]
    for phase in live {
        c.check("\(phase.name): no notice over the live picture", PreviewNotice.make(for: phase) == nil)
    }
    let paused: PreviewNotice? = PreviewNotice.make(for: .interrupted)
    c.equal("interrupted: \"Paused\"", paused?.title, "Paused")
    c.check("interrupted: says it carries on by itself, and offers no button",
            paused?.detail?.contains("carries on by itself") == true && paused?.action == nil)
    let failed: PreviewNotice? = PreviewNotice.make(for: .failed(CaptureError.backend("the sensor stopped").message))
    c.check("failed: \"The camera stopped\", the reason, and Try Again",
            failed == PreviewNotice(title: "The camera stopped", detail: "Camera error: the sensor stopped", action: .tryAgain))
    c.equal("Try Again's title", PreviewNotice.Action.tryAgain.title, "Try Again")
    for access in CameraAccess.allCases where access != .allowed {
        let notice: PreviewNotice? = PreviewNotice.make(for: .unavailable(access))
        c.check("unavailable (\(access.rawValue)): the access message\(access == .denied ? " and Open Settings" : "")",
                notice?.title == access.previewMessage && notice?.detail == nil && notice?.action == (access == .denied ? .openSettings : nil))
    }
    c.check("every notice has words", ([.interrupted, .failed("x")] + CameraAccess.allCases.map { StudioPhase.unavailable($0) })
        .compactMap { PreviewNotice.make(for: $0) }.allSatisfy { !$0.title.isEmpty })
}

// MARK: - Bringing the session back

// In parts, as above.
private func restartChecks(_ c: Checker) async {
    c.begin("Recovery: the session comes back")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend), library: CaptureLibrary.open(folder: TestFolder.make("Restart")), clock: clock
    )
    await store.start()

    await interruptionRestartChecks(c, store: store, backend: backend)
    await failedRestartChecks(c, store: store, backend: backend)
    await mediaServicesResetChecks(c, store: store, backend: backend, clock: clock)
    await runtimeErrorChecks(c, store: store)
    await secondWindowChecks(c, clock: clock)
}

private func interruptionRestartChecks(_ c: Checker, store: StudioStore, backend: StandInBackend) async {
    // An interruption stops the session; when it ends the studio starts it again, whether or
    // not the system restarted it by itself.
    await backend.loseSession()
    await store.handle(.interruptionBegan)
    c.equal("interrupted: the preview says Paused", store.previewNotice?.title, PreviewNotice.pausedTitle)
    c.equal("interrupted: the marker says so", MarkerText.fields(store.studioMarker)["phase"], "interrupted")
    await store.handle(.interruptionEnded)
    c.check("when the interruption ends the session runs again", await backend.isRunning && store.phase == .ready && store.previewNotice == nil)
    store.pressShutter()
    await store.waitForWork()
    c.equal("and a photo can be taken", store.captures.count, 1)
}

private func failedRestartChecks(_ c: Checker, store: StudioStore, backend: StandInBackend) async {
    // The camera cannot come back: the reason shows, and Try Again starts it from the beginning.
    await backend.loseSession()
    await store.handle(.interruptionBegan)
    await backend.failNext(with: .backend("the camera is in use"))
    await store.handle(.interruptionEnded)
    c.equal("a session that cannot restart shows why", store.previewNotice?.detail, CaptureError.backend("the camera is in use").message)
    c.equal("with Try Again", store.previewNotice?.action, .tryAgain)
    await store.retry()
    c.check("Try Again brings it back", await backend.isRunning && store.phase == .ready)
}

private func mediaServicesResetChecks(_ c: Checker, store: StudioStore, backend: StandInBackend, clock: ManualClock) async {
    // The system's media services restart: the session stops and comes back by itself; a
    // recording under way keeps what was filmed.
    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    clock.advance(by: 0.4)
    await backend.loseSession()
    await store.handle(.mediaServicesReset)
    c.check("after a media services reset the session runs again", await backend.isRunning && store.phase == .ready, "\(store.phase)")
    c.check("and the recording so far is in the gallery", store.captures.first?.kind == .movie && store.captures.first?.frameCount == 6)
    store.pressShutter()
    await store.waitForWork()
    c.equal("a new recording starts", store.phase.name, "recording")
    store.pressShutter()
    await store.waitForWork()
}

private func runtimeErrorChecks(_ c: Checker, store: StudioStore) async {
    // A runtime error is not recovered by itself; it says why and offers Try Again.
    await store.handle(.runtimeError("the camera failed"))
    c.check("a runtime error: the camera stopped, with the reason and Try Again",
            store.previewNotice == PreviewNotice(title: PreviewNotice.stoppedTitle, detail: "Camera error: the camera failed", action: .tryAgain))
    await store.retry()
    c.equal("Try Again after a runtime error", store.phase, .ready)
}

private func secondWindowChecks(_ c: Checker, clock: ManualClock) async {
    // A second window asks the same store to start: the session starts once.
    let twice: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let shared: StudioStore = StudioStore(
        service: CaptureService(backend: twice), library: CaptureLibrary.open(folder: TestFolder.make("Windows")), clock: clock
    )
    async let first: Void = shared.start()
    async let second: Void = shared.start()
    _ = await (first, second)
    await shared.start()
    let starts: Int = await twice.startCount
    let prompts: [MediaKind] = await twice.requests
    c.check("a second window's start starts nothing more", starts == 1 && prompts.isEmpty && shared.phase == .ready, "started \(starts) times")
}

// MARK: - The subject's preview

/// Stands for the subject's preview layer.
private final class TestPreview: CapturePreview {}

private func subjectPreviewChecks(_ c: Checker) async {
    c.begin("Recovery: the subject's preview is attached once")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend), library: CaptureLibrary.open(folder: TestFolder.make("Subject")), clock: clock
    )
    await store.start()
    let preview: TestPreview = TestPreview()
    await store.attachSubjectPreview(preview)
    await store.attachSubjectPreview(preview)
    var calls: [(preview: ObjectIdentifier, cameraID: String?, mirrored: Bool)] = await backend.subjectPreviewCalls
    c.check("attached once, mirrored for the rear camera", calls.count == 1 && calls.first?.mirrored == true, "\(calls)")

    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    for _ in 0..<3 {
        // Each time the phone opens the system builds a new subject view, which asks again.
        await store.attachSubjectPreview(preview)
        clock.advance(by: 0.25)
    }
    calls = await backend.subjectPreviewCalls
    c.check("opening the phone mid-recording changes nothing on the session", calls.count == 1 && store.phase.name == "recording")
    store.pressShutter()
    await store.waitForWork()
    c.equal("and the movie goes on to the end", store.captures.first?.frameCount, 11)

    await store.switchCamera()
    calls = await backend.subjectPreviewCalls
    c.check("the front camera: the subject's mirroring is applied again, off", calls.count == 2 && calls.last?.mirrored == false, "\(calls)")
    await store.switchCamera()
    calls = await backend.subjectPreviewCalls
    c.check("back to the rear camera: mirrored again", calls.count == 3 && calls.last?.mirrored == true)

    let outer: CameraDirectionMap = CameraDirectionMap(forward: [], backward: [.rearWide])
    await store.subjectDirectionsChanged(outer)
    calls = await backend.subjectPreviewCalls
    c.check("the outer display's direction map drives the subject's mirroring", calls.last?.mirrored == false && !store.isSubjectPreviewMirrored)
    c.check("captures are never mirrored", !Mirroring.capturesMirrored)
}

private func photoSizingChecks(_ c: Checker) {
    c.begin("Recovery: the photo size is pinned")
    let sizes: [Capture.PixelSize] = [
        Capture.PixelSize(width: 1920, height: 1440), Capture.PixelSize(width: 4032, height: 3024),
        Capture.PixelSize(width: 3024, height: 4032), Capture.PixelSize(width: 0, height: 0),
    ]
    c.equal("the largest the camera lists, the wider on a tie", PhotoSizing.choose(from: sizes), Capture.PixelSize(width: 4032, height: 3024))
    c.equal("whatever order they come in", PhotoSizing.choose(from: sizes.reversed()), Capture.PixelSize(width: 4032, height: 3024))
    c.equal("none listed: none chosen", PhotoSizing.choose(from: []), nil)
}
