import Foundation
import Testing
@testable import __APP_NAME__

/// The capture service on the stand-in camera. Each part is a function of its own: the
/// compiler splits an async function at every `await`, and the work of that grows with the
/// function's length times its awaits, so a few short functions build much faster than one
/// long one (docs/performance.md, "The cold run's critical path").
@Test("Capture service", .timeLimit(.minutes(3)))
func serviceChecks() async {
    let folder: URL = TestFolder.make("Service")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .notAsked, audioAccess: .notAsked)
    let service: CaptureService = CaptureService(backend: backend)
    await servicePhotoChecks(service: service, backend: backend, folder: folder)
    await serviceRecordingChecks(service: service, backend: backend, clock: clock, folder: folder)
    await serviceSwitchChecks(service: service)
    await serviceInterruptionChecks(service: service, backend: backend, clock: clock, folder: folder)
    await serviceAccessChecks(clock: clock, folder: folder)
    await serviceEventChecks(clock: clock)
}

private func servicePhotoChecks(service: CaptureService, backend: StandInBackend, folder: URL) async {
    #expect(await service.state == .idle, "a new service is idle")

    let access: CameraAccess = await service.prepare(intent: .rear, mode: .photo)
    #expect(access == .allowed, "prepare asks for the camera and gets it")
    #expect(await service.state == .running, "prepare starts the session")
    #expect(await backend.requests == [.video], "photo mode asks for the camera only, not the microphone")
    #expect(await backend.configuration?.camera.kind == .rearWide, "the rear intent configures the rear camera")

    let photoURL: URL = folder.appendingPathComponent("photo.jpg")
    let photo: PhotoResult? = try? await service.takePhoto(to: photoURL)
    #expect(photo == PhotoResult(pixelWidth: 1200, pixelHeight: 900), "a photo comes back as a result")
    let photoData: Data = (try? Data(contentsOf: photoURL)) ?? Data()
    let photoHeader: (marker: UInt8, width: Int, height: Int, components: Int)? = MediaInspection.jpegFrame(photoData)
    #expect(photoHeader?.width == 1200, "the photo on disk is 1200 pixels wide")
    #expect(photoHeader?.height == 900, "the photo on disk is 900 pixels high")
    #expect(await errorOf { try await service.startRecording(to: folder.appendingPathComponent("x.mov")) } == .busy, "recording in photo mode is refused")
}

private func serviceRecordingChecks(service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    let photoURL: URL = folder.appendingPathComponent("photo.jpg")
    try? await service.setMode(.video)
    #expect(await backend.requests == [.video, .audio], "the microphone is asked for on the way to video")
    #expect(await backend.configuration?.includesMicrophone == true, "video with sound once the microphone is allowed")
    #expect(await errorOf { _ = try await service.takePhoto(to: photoURL) } == .busy, "a photo in video mode is refused")

    let movieURL: URL = folder.appendingPathComponent("movie.mov")
    try? await service.startRecording(to: movieURL)
    #expect(await service.state == .recording, "recording")
    #expect(await errorOf { try await service.switchCamera() } == .busy, "no camera switch while recording")
    clock.advance(by: 1)
    let movie: MovieResult? = try? await service.stopRecording()
    #expect(movie?.frameCount == 15 && movie?.duration == 1, "a second recorded gives 15 frames and 1 s — \(String(describing: movie))")
    let movieFacts: MovieFacts? = MediaInspection.movie((try? Data(contentsOf: movieURL)) ?? Data())
    #expect(movieFacts?.frameCount == 15, "the movie on disk has as many frames as the result says")
    #expect(movieFacts.map { Double($0.movieDuration) / Double($0.movieTimescale) } == 1, "the movie's header says 1 s")
    #expect(movieFacts.map { Double($0.trackDuration) / Double($0.movieTimescale) } == 1, "the track's header says 1 s")
    #expect(!FileManager.default.fileExists(atPath: movieURL.path + ".partial"), "no half-written file is left beside it")
    #expect(await errorOf { _ = try await service.stopRecording() } == .notRunning, "stopping again is refused")
}

private func serviceSwitchChecks(service: CaptureService) async {
    let front: CameraDescriptor? = try? await service.switchCamera()
    #expect(front?.kind == .virtualFront, "switch camera picks the virtual front camera")
    let frontMirrors: (Bool, Bool) = (await service.isPreviewMirrored, await service.isSubjectPreviewMirrored)
    #expect(frontMirrors == (true, false), "the front camera's preview is mirrored, the subject's is not")
    _ = try? await service.switchCamera()
    let rearMirrors: (Bool, Bool) = (await service.isPreviewMirrored, await service.isSubjectPreviewMirrored)
    #expect(rearMirrors == (false, true), "back to the rear camera: preview unmirrored, subject's mirrored")
}

private func serviceInterruptionChecks(service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    let movieURL: URL = folder.appendingPathComponent("movie.mov")
    // An interruption ends a recording but keeps what was filmed.
    try? await service.startRecording(to: folder.appendingPathComponent("interrupted.mov"))
    clock.advance(by: 0.4)
    let kept: MovieResult? = await service.interruptionBegan()
    #expect(kept?.frameCount == 6, "an interruption keeps the recording so far")
    #expect(await service.state == .interrupted, "interrupted")
    #expect(await errorOf { try await service.startRecording(to: movieURL) } == .interrupted, "no recording while interrupted")
    await service.interruptionEnded()
    #expect(await service.state == .running, "running again after the interruption")

    await backend.failNext(with: .backend("sensor"))
    #expect(await errorOf { try await service.startRecording(to: movieURL) } == .backend("sensor"), "a backend failure comes back as an error")
    await service.runtimeError("lost")
    #expect(await service.state == .failed(.backend("lost")), "a runtime error fails the session")
}

private func serviceAccessChecks(clock: ManualClock, folder: URL) async {
    let photoURL: URL = folder.appendingPathComponent("photo.jpg")
    let deniedService: CaptureService = CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .notAsked, grantsRequests: false))
    #expect(await deniedService.prepare(intent: .rear, mode: .photo) == .denied, "permission denied at the prompt")
    #expect(await errorOf { _ = try await deniedService.takePhoto(to: photoURL) } == .permissionDenied, "denied: no photo")
    let restrictedBackend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .restricted)
    let restricted: CameraAccess = await CaptureService(backend: restrictedBackend).prepare(intent: .rear, mode: .photo)
    let prompts: [MediaKind] = await restrictedBackend.requests
    #expect(restricted == .restricted && prompts.isEmpty, "restricted: reported, and no prompt shown")
    let none: CaptureService = CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .noCamera))
    #expect(await none.prepare(intent: .rear, mode: .photo) == .noCamera, "no camera")
    #expect(await errorOf { _ = try await none.takePhoto(to: photoURL) } == .noCamera, "no camera: no photo")
}

private func serviceEventChecks(clock: ManualClock) async {
    let events: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let listener: Task<BackendEvent?, Never> = Task {
        for await event in events.events {
            return event
        }
        return nil
    }
    await events.simulate(.interruptionBegan)
    #expect(await listener.value == .interruptionBegan, "interruptions arrive as events")
}

/// The capture error a call throws, or nil if it succeeds.
func errorOf(_ body: () async throws -> Void) async -> CaptureError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? CaptureError
    }
}
