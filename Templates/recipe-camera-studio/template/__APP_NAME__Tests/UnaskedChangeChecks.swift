import Foundation
import Testing
@testable import __APP_NAME__

/// What the camera does without being asked, and what the studio must do about it: an
/// interruption already in effect when the camera starts, a recording that ends by itself, a
/// change the session refuses, and a camera switch while the subject's view is off screen.
func unaskedChangeChecks() async {
    await interruptedAtStartChecks()
    await recordingEndedByItselfChecks()
    await refusedChangeChecks()
    await subjectPreviewCameraChecks()
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

@Test("Recovery: an interruption in effect when the camera starts", .timeLimit(.minutes(3)))
func interruptedAtStartChecks() async {
    let clock: ManualClock = ManualClock()
    // Another app holds the camera as the studio starts: the session does not run, and the
    // system reports the interruption after the start has failed. AVFoundation starts the
    // session by itself when the other app lets go; the studio must follow it.
    let (store, backend): (StudioStore, StandInBackend) = makeStudio("StartInterrupted", clock: clock)
    await backend.refuseNextStart()
    await store.start()
    await store.handle(.interruptionBegan)
    #expect(store.previewNotice?.title == PreviewNotice.pausedTitle, "the preview says Paused, not that the camera stopped")
    await store.handle(.interruptionEnded)
    #expect(await backend.isRunning && store.phase == .ready && store.previewNotice == nil, "when the interruption ends the session runs and the shutter is ready — \(store.phase)")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.count == 1, "and a photo can be taken")

    // Only the end is heard (the interruption began before anyone listened): it still counts.
    let (quiet, quietBackend): (StudioStore, StandInBackend) = makeStudio("StartInterruptedQuiet", clock: clock)
    await quietBackend.refuseNextStart()
    await quiet.start()
    #expect(quiet.previewNotice?.title == PreviewNotice.stoppedTitle, "a start that did not run: the camera stopped, for now")
    await quiet.handle(.interruptionEnded)
    #expect(await quietBackend.isRunning && quiet.phase == .ready, "the end of the interruption alone brings the session back — \(quiet.phase)")

    // The media services restart while a start is still held up: the session starts then too.
    let (reset, resetBackend): (StudioStore, StandInBackend) = makeStudio("StartInterruptedReset", clock: clock)
    await resetBackend.refuseNextStart()
    await reset.start()
    await reset.handle(.mediaServicesReset)
    #expect(await resetBackend.isRunning && reset.phase == .ready, "a media services reset starts a session whose start was held up — \(reset.phase)")

    // A runtime error is not an interruption: its end changes nothing, Try Again does.
    await quiet.handle(.runtimeError("the camera failed"))
    await quiet.handle(.interruptionEnded)
    #expect(quiet.previewNotice?.action == .tryAgain, "after a runtime error an interruption's end starts nothing")
}

// MARK: - A recording that ends by itself

@Test("Recovery: a recording that ends by itself", .timeLimit(.minutes(3)))
func recordingEndedByItselfChecks() async {
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
    #expect(store.phase == .ready && store.recordingText == nil, "the studio stops recording: the clock is gone and the shutter is ready — \(store.phase)")
    #expect(store.captures.first?.kind == .movie && store.captures.first?.frameCount == 15, "what was filmed, up to the end, is in the gallery — \(String(describing: store.captures.first))")
    guard let first = store.captures.first else { return }
    store.pressShutter()
    await store.waitForWork()
    #expect(store.phase.name == "recording", "a new recording starts")
    await store.handle(.recordingEnded(store.url(for: first)))
    #expect(store.phase.name == "recording", "a late report of the old recording's end does not stop the new one")
    store.pressShutter()
    await store.waitForWork()
}

// MARK: - A change the session refuses

@Test("Recovery: a change the session refuses", .timeLimit(.minutes(3)))
func refusedChangeChecks() async {
    let clock: ManualClock = ManualClock()
    let (store, backend): (StudioStore, StandInBackend) = makeStudio("Refused", clock: clock)
    await store.start()
    await backend.failNext(with: .backend("the format is not supported"))
    await store.setMode(.video)
    #expect(store.mode == .photo && store.message == CaptureError.backend("the format is not supported").message, "a mode change that fails says why and keeps photo mode — \(store.mode)")
    #expect(await store.service.mode == .photo, "the service keeps photo mode too")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.count == 1 && store.message == nil, "the shutter is not left busy: a photo is taken — \(String(describing: store.message))")

    await backend.failNext(with: .backend("the camera is in use"))
    await store.switchCamera()
    #expect(store.intent == .rear && store.camera == .rearWide, "a camera switch that fails keeps the rear camera — \(store.intent)")
    let serviceCamera: CameraDescriptor? = await store.service.camera
    #expect(await store.service.intent == .rear && serviceCamera == .rearWide, "in the service too")
    let configured: CameraDescriptor? = await backend.configuration?.camera
    #expect(configured == .rearWide, "and the session is set up with it again")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.count == 2, "and the shutter still works")
    await refusedDirectionChangeChecks(clock: clock)
}

private func refusedDirectionChangeChecks(clock: ManualClock) async {
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
    #expect(refused == .backend("the camera is in use") && configured == .innerUltraWide && named == .innerUltraWide, "the phone closes and the session refuses the outer camera: the service still names the inner one it streams — \(String(describing: refused)) \(String(describing: configured)) \(String(describing: named))")
}

// MARK: - The subject's preview follows the camera

/// Stands for the subject's preview layer.
private final class SubjectLayer: CapturePreview {}

@Test("Recovery: the subject's preview follows every camera switch", .timeLimit(.minutes(3)))
func subjectPreviewCameraChecks() async {
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
    #expect(calls.map(\.cameraID) == [CameraDescriptor.rearWide.uniqueID, CameraDescriptor.virtualFront.uniqueID, CameraDescriptor.rearWide.uniqueID], "rear, front, rear: the subject's preview is told each camera, in turn")
    #expect(calls.allSatisfy { $0.mirrored }, "with the same mirroring throughout")
}
