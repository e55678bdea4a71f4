import Foundation
import Testing
@testable import __APP_NAME__

/// What the camera layer must do after something goes wrong: free the shutter after a failed
/// capture, say why there is no picture, and bring the session back by itself when it can.
func recoveryChecks() async {
    await captureAfterFailureChecks()
    await oneShotChecks()
    captureSlotChecks()
    noticeChecks()
    await restartChecks()
    await subjectPreviewChecks()
    photoSizingChecks()
    await unaskedChangeChecks()
}

// MARK: - A capture after a failed one

// Each part a function of its own: a long async function costs the compiler far more than a
// few short ones (see ServiceChecks.swift).
@Test("Recovery: a capture after a failed one", .timeLimit(.minutes(3)))
func captureAfterFailureChecks() async {
    let folder: URL = TestFolder.make("Recovery")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let service: CaptureService = CaptureService(backend: backend)
    _ = await service.prepare(intent: .rear, mode: .photo)

    await failedPhotoChecks(service: service, backend: backend, folder: folder)
    await failedRecordingChecks(service: service, backend: backend, clock: clock, folder: folder)
    await lostRecordingChecks(service: service, backend: backend, clock: clock, folder: folder)
    await failedPhotoInStoreChecks(backend: backend, clock: clock, folder: folder)
}

private func failedPhotoChecks(service: CaptureService, backend: StandInBackend, folder: URL) async {
    await backend.failNext(with: .backend("the sensor stopped"))
    #expect(await errorOf { _ = try await service.takePhoto(to: folder.appendingPathComponent("failed.jpg")) } == .backend("the sensor stopped"), "a photo that fails part way reports the camera's error")
    let after: PhotoResult? = try? await service.takePhoto(to: folder.appendingPathComponent("after.jpg"))
    #expect(after != nil, "the next photo succeeds: the shutter is not left busy")

    let unwritable: URL = folder.appendingPathComponent("missing-folder/photo.jpg")
    #expect(await errorOf { _ = try await service.takePhoto(to: unwritable) } == .writeFailed("photo.jpg"), "a photo that cannot be written says so")
    let afterWrite: PhotoResult? = try? await service.takePhoto(to: folder.appendingPathComponent("after-write.jpg"))
    #expect(afterWrite != nil, "a photo after a failed write succeeds")
}

private func failedRecordingChecks(service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    try? await service.setMode(.video)
    await backend.failNext(with: .backend("no disk"))
    #expect(await errorOf { try await service.startRecording(to: folder.appendingPathComponent("failed.mov")) } == .backend("no disk"), "a recording that fails to start reports the camera's error")
    #expect(await service.state == .running, "and the session is not left recording")
    let started: CaptureError? = await errorOf { try await service.startRecording(to: folder.appendingPathComponent("next.mov")) }
    #expect(started == nil, "the next recording starts — \(String(describing: started))")
    clock.advance(by: 1)
    #expect((try? await service.stopRecording())?.frameCount == 15, "and it ends with its movie")
}

private func lostRecordingChecks(service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    try? await service.startRecording(to: folder.appendingPathComponent("lost.mov"))
    clock.advance(by: 0.4)
    await backend.failNext(with: .writeFailed("lost.mov"))
    #expect(await errorOf { _ = try await service.stopRecording() } == .writeFailed("lost.mov"), "a recording whose movie cannot be finished reports it")
    try? await service.startRecording(to: folder.appendingPathComponent("again.mov"))
    clock.advance(by: 1)
    let again: MovieResult? = try? await service.stopRecording()
    #expect(again?.frameCount == 15, "a recording after a failed recording succeeds — \(String(describing: again))")
}

private func failedPhotoInStoreChecks(backend: StandInBackend, clock: ManualClock, folder: URL) async {
    // The same through the store, as the shutter sees it.
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend), library: CaptureLibrary.open(folder: TestFolder.make("RecoveryStore")), clock: clock
    )
    await store.start()
    await backend.failNext(with: .backend("the sensor stopped"))
    store.pressShutter()
    await store.waitForWork()
    #expect(store.phase == .ready && store.message == CaptureError.backend("the sensor stopped").message && store.captures.isEmpty, "the store: a failed photo leaves the studio ready and says why — \(store.phase) \(String(describing: store.message))")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.count == 1 && store.message == nil, "the store: the next photo is saved")
}

@Test("Recovery: a delegate's result is handed over once", .timeLimit(.minutes(3)))
func oneShotChecks() async {
    let early: OneShot<Int> = OneShot()
    #expect(early.deliver(.success(1)), "the first result is taken")
    #expect(!early.deliver(.success(2)), "a second result is dropped, not delivered twice")
    #expect((try? await early.value()) == 1, "a result that came before anyone waited is kept")

    let late: OneShot<Int> = OneShot()
    let waiter: Task<Int?, Never> = Task { try? await late.value() }
    while !late.isAwaited {
        await Task.yield()
    }
    late.deliver(.success(7))
    #expect(await waiter.value == 7, "a waiter gets the result that arrives later")
    #expect((try? await late.value()) == 7, "once it has arrived, asking again returns it")

    let shared: OneShot<Int> = OneShot()
    let first: Task<Int?, Never> = Task { try? await shared.value() }
    while !shared.isAwaited {
        await Task.yield()
    }
    #expect(await errorOf { _ = try await shared.value() } == .busy, "a second waiter at the same time is refused as busy")
    shared.deliver(.success(5))
    #expect(await first.value == 5, "and the first still gets the result")

    // The photo output reports a failed capture's end after (or instead of) the photo: the
    // fallback must not override a photo, and must end the wait when no photo comes.
    let photo: OneShot<Int> = OneShot()
    photo.deliver(.success(3))
    photo.deliver(.failure(.backend("the capture ended without a photo")))
    #expect((try? await photo.value()) == 3, "the capture's end after a photo keeps the photo")
    let none: OneShot<Int> = OneShot()
    none.deliver(.failure(.backend("the capture ended without a photo")))
    var thrown: CaptureError? = nil
    do {
        _ = try await none.value()
    } catch {
        thrown = error as? CaptureError
    }
    #expect(thrown == .backend("the capture ended without a photo"), "a capture that ends with no photo ends the wait with an error")
}

@Test("Recovery: one capture at a time")
func captureSlotChecks() {
    var slot: CaptureSlot<String> = CaptureSlot()
    #expect(!slot.isTaken, "an empty slot is free")
    var first: CaptureError? = nil
    do {
        try slot.take("photo 1")
    } catch {
        first = error
    }
    #expect(first == nil && slot.item == "photo 1", "the first capture takes it")
    var second: CaptureError? = nil
    do {
        try slot.take("photo 2")
    } catch {
        second = error
    }
    #expect(second == .busy, "a second capture meanwhile is busy")
    #expect(slot.free() == "photo 1", "freeing returns what it held")
    #expect(!slot.isTaken && (try? slot.take("photo 3")) != nil, "and the slot is free again")
}

// MARK: - What the preview says

@Test("Recovery: what the preview says in each state")
func noticeChecks() {
    let live: [StudioPhase] = [
        .starting, .ready, .countingDown(Countdown(seconds: 3, startedAt: 0), then: .photo), .takingPhoto,
        .recording(RecordingClock(startedAt: 0)), .saving,
    ]
    for phase in live {
        #expect(PreviewNotice.make(for: phase) == nil, "\(phase.name): no notice over the live picture")
    }
    let paused: PreviewNotice? = PreviewNotice.make(for: .interrupted)
    #expect(paused?.title == "Paused", "interrupted: \"Paused\"")
    #expect(paused?.detail?.contains("carries on by itself") == true && paused?.action == nil, "interrupted: says it carries on by itself, and offers no button")
    let failed: PreviewNotice? = PreviewNotice.make(for: .failed(CaptureError.backend("the sensor stopped").message))
    #expect(failed == PreviewNotice(title: "The camera stopped", detail: "Camera error: the sensor stopped", action: .tryAgain), "failed: \"The camera stopped\", the reason, and Try Again")
    #expect(PreviewNotice.Action.tryAgain.title == "Try Again", "Try Again's title")
    for access in CameraAccess.allCases where access != .allowed {
        let notice: PreviewNotice? = PreviewNotice.make(for: .unavailable(access))
        #expect(notice?.title == access.previewMessage && notice?.detail == nil && notice?.action == (access == .denied ? .openSettings : nil), "unavailable (\(access.rawValue)): the access message\(access == .denied ? " and Open Settings" : "")")
    }
    #expect(([.interrupted, .failed("x")] + CameraAccess.allCases.map { StudioPhase.unavailable($0) })
        .compactMap { PreviewNotice.make(for: $0) }.allSatisfy { !$0.title.isEmpty }, "every notice has words")
}

// MARK: - Bringing the session back

// In parts, as above.
@Test("Recovery: the session comes back", .timeLimit(.minutes(3)))
func restartChecks() async {
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend), library: CaptureLibrary.open(folder: TestFolder.make("Restart")), clock: clock
    )
    await store.start()

    await interruptionRestartChecks(store: store, backend: backend)
    await failedRestartChecks(store: store, backend: backend)
    await mediaServicesResetChecks(store: store, backend: backend, clock: clock)
    await runtimeErrorChecks(store: store)
    await secondWindowChecks(clock: clock)
}

private func interruptionRestartChecks(store: StudioStore, backend: StandInBackend) async {
    // An interruption stops the session; when it ends the studio starts it again, whether or
    // not the system restarted it by itself.
    await backend.loseSession()
    await store.handle(.interruptionBegan)
    #expect(store.previewNotice?.title == PreviewNotice.pausedTitle, "interrupted: the preview says Paused")
    #expect(MarkerText.fields(store.studioMarker)["phase"] == "interrupted", "interrupted: the marker says so")
    await store.handle(.interruptionEnded)
    #expect(await backend.isRunning && store.phase == .ready && store.previewNotice == nil, "when the interruption ends the session runs again")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.count == 1, "and a photo can be taken")
}

private func failedRestartChecks(store: StudioStore, backend: StandInBackend) async {
    // The camera cannot come back: the reason shows, and Try Again starts it from the beginning.
    await backend.loseSession()
    await store.handle(.interruptionBegan)
    await backend.failNext(with: .backend("the camera is in use"))
    await store.handle(.interruptionEnded)
    #expect(store.previewNotice?.detail == CaptureError.backend("the camera is in use").message, "a session that cannot restart shows why")
    #expect(store.previewNotice?.action == .tryAgain, "with Try Again")
    await store.retry()
    #expect(await backend.isRunning && store.phase == .ready, "Try Again brings it back")
}

private func mediaServicesResetChecks(store: StudioStore, backend: StandInBackend, clock: ManualClock) async {
    // The system's media services restart: the session stops and comes back by itself; a
    // recording under way keeps what was filmed.
    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    clock.advance(by: 0.4)
    await backend.loseSession()
    await store.handle(.mediaServicesReset)
    #expect(await backend.isRunning && store.phase == .ready, "after a media services reset the session runs again — \(store.phase)")
    #expect(store.captures.first?.kind == .movie && store.captures.first?.frameCount == 6, "and the recording so far is in the gallery")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.phase.name == "recording", "a new recording starts")
    store.pressShutter()
    await store.waitForWork()
}

private func runtimeErrorChecks(store: StudioStore) async {
    // A runtime error is not recovered by itself; it says why and offers Try Again.
    await store.handle(.runtimeError("the camera failed"))
    #expect(store.previewNotice == PreviewNotice(title: PreviewNotice.stoppedTitle, detail: "Camera error: the camera failed", action: .tryAgain), "a runtime error: the camera stopped, with the reason and Try Again")
    await store.retry()
    #expect(store.phase == .ready, "Try Again after a runtime error")
}

private func secondWindowChecks(clock: ManualClock) async {
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
    #expect(starts == 1 && prompts.isEmpty && shared.phase == .ready, "a second window's start starts nothing more — started \(starts) times")
}

// MARK: - The subject's preview

/// Stands for the subject's preview layer.
private final class TestPreview: CapturePreview {}

@Test("Recovery: the subject's preview is attached once", .timeLimit(.minutes(3)))
func subjectPreviewChecks() async {
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
    #expect(calls.count == 1 && calls.first?.mirrored == true, "attached once, mirrored for the rear camera — \(calls)")

    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    for _ in 0..<3 {
        // Each time the phone opens the system builds a new subject view, which asks again.
        await store.attachSubjectPreview(preview)
        clock.advance(by: 0.25)
    }
    calls = await backend.subjectPreviewCalls
    #expect(calls.count == 1 && store.phase.name == "recording", "opening the phone mid-recording changes nothing on the session")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.first?.frameCount == 11, "and the movie goes on to the end")

    await store.switchCamera()
    calls = await backend.subjectPreviewCalls
    #expect(calls.count == 2 && calls.last?.mirrored == false, "the front camera: the subject's mirroring is applied again, off — \(calls)")
    await store.switchCamera()
    calls = await backend.subjectPreviewCalls
    #expect(calls.count == 3 && calls.last?.mirrored == true, "back to the rear camera: mirrored again")

    let outer: CameraDirectionMap = CameraDirectionMap(forward: [], backward: [.rearWide])
    await store.subjectDirectionsChanged(outer)
    calls = await backend.subjectPreviewCalls
    #expect(calls.last?.mirrored == false && !store.isSubjectPreviewMirrored, "the outer display's direction map drives the subject's mirroring")
    #expect(!Mirroring.capturesMirrored, "captures are never mirrored")
}

@Test("Recovery: the photo size is pinned")
func photoSizingChecks() {
    let sizes: [Capture.PixelSize] = [
        Capture.PixelSize(width: 1920, height: 1440), Capture.PixelSize(width: 4032, height: 3024),
        Capture.PixelSize(width: 3024, height: 4032), Capture.PixelSize(width: 0, height: 0),
    ]
    #expect(PhotoSizing.choose(from: sizes) == Capture.PixelSize(width: 4032, height: 3024), "the largest the camera lists, the wider on a tie")
    #expect(PhotoSizing.choose(from: sizes.reversed()) == Capture.PixelSize(width: 4032, height: 3024), "whatever order they come in")
    #expect(PhotoSizing.choose(from: []) == nil, "none listed: none chosen")
}
