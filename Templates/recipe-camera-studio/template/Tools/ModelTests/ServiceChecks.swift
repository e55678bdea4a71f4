import Foundation

/// The capture service on the stand-in camera. Each part is a function of its own: the
/// compiler splits an async function at every `await`, and the work of that grows with the
/// function's length times its awaits, so a few short functions build much faster than one
/// long one (docs/performance.md, "The cold run's critical path").
func serviceChecks(_ c: Checker) async {
    c.begin("Capture service")
    let folder: URL = TestFolder.make("Service")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .notAsked, audioAccess: .notAsked)
    let service: CaptureService = CaptureService(backend: backend)
    await servicePhotoChecks(c, service: service, backend: backend, folder: folder)
    await serviceRecordingChecks(c, service: service, backend: backend, clock: clock, folder: folder)
    await serviceSwitchChecks(c, service: service)
    await serviceInterruptionChecks(c, service: service, backend: backend, clock: clock, folder: folder)
    await serviceAccessChecks(c, clock: clock, folder: folder)
    await serviceEventChecks(c, clock: clock)
}

private func servicePhotoChecks(_ c: Checker, service: CaptureService, backend: StandInBackend, folder: URL) async {
    c.equal("a new service is idle", await service.state, .idle)

    let access: CameraAccess = await service.prepare(intent: .rear, mode: .photo)
    c.equal("prepare asks for the camera and gets it", access, .allowed)
    c.equal("prepare starts the session", await service.state, .running)
    c.equal("photo mode asks for the camera only, not the microphone", await backend.requests, [.video])
    c.equal("the rear intent configures the rear camera", await backend.configuration?.camera.kind, .rearWide)

    let photoURL: URL = folder.appendingPathComponent("photo.jpg")
    let photo: PhotoResult? = try? await service.takePhoto(to: photoURL)
    c.check("a photo comes back as a result", photo == PhotoResult(pixelWidth: 1200, pixelHeight: 900))
    let photoData: Data = (try? Data(contentsOf: photoURL)) ?? Data()
    let photoHeader: (marker: UInt8, width: Int, height: Int, components: Int)? = MediaInspection.jpegFrame(photoData)
    c.equal("the photo on disk is 1200 pixels wide", photoHeader?.width, 1200)
    c.equal("the photo on disk is 900 pixels high", photoHeader?.height, 900)
    c.equal("recording in photo mode is refused", await errorOf { try await service.startRecording(to: folder.appendingPathComponent("x.mov")) }, .busy)
}

private func serviceRecordingChecks(
    _ c: Checker, service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    let photoURL: URL = folder.appendingPathComponent("photo.jpg")
    try? await service.setMode(.video)
    c.equal("the microphone is asked for on the way to video", await backend.requests, [.video, .audio])
    c.equal("video with sound once the microphone is allowed", await backend.configuration?.includesMicrophone, true)
    c.equal("a photo in video mode is refused", await errorOf { _ = try await service.takePhoto(to: photoURL) }, .busy)

    let movieURL: URL = folder.appendingPathComponent("movie.mov")
    try? await service.startRecording(to: movieURL)
    c.equal("recording", await service.state, .recording)
    c.equal("no camera switch while recording", await errorOf { try await service.switchCamera() }, .busy)
    clock.advance(by: 1)
    let movie: MovieResult? = try? await service.stopRecording()
    c.check("a second recorded gives 15 frames and 1 s", movie?.frameCount == 15 && movie?.duration == 1, "\(String(describing: movie))")
    let movieFacts: MovieFacts? = MediaInspection.movie((try? Data(contentsOf: movieURL)) ?? Data())
    c.equal("the movie on disk has as many frames as the result says", movieFacts?.frameCount, 15)
    c.equal("the movie's header says 1 s", movieFacts.map { Double($0.movieDuration) / Double($0.movieTimescale) }, 1)
    c.equal("the track's header says 1 s", movieFacts.map { Double($0.trackDuration) / Double($0.movieTimescale) }, 1)
    c.check("no half-written file is left beside it", !FileManager.default.fileExists(atPath: movieURL.path + ".partial"))
    c.equal("stopping again is refused", await errorOf { _ = try await service.stopRecording() }, .notRunning)
}

private func serviceSwitchChecks(_ c: Checker, service: CaptureService) async {
    let front: CameraDescriptor? = try? await service.switchCamera()
    c.equal("switch camera picks the virtual front camera", front?.kind, .virtualFront)
    let frontMirrors: (Bool, Bool) = (await service.isPreviewMirrored, await service.isSubjectPreviewMirrored)
    c.check("the front camera's preview is mirrored, the subject's is not", frontMirrors == (true, false))
    _ = try? await service.switchCamera()
    let rearMirrors: (Bool, Bool) = (await service.isPreviewMirrored, await service.isSubjectPreviewMirrored)
    c.check("back to the rear camera: preview unmirrored, subject's mirrored", rearMirrors == (false, true))
}

private func serviceInterruptionChecks(
    _ c: Checker, service: CaptureService, backend: StandInBackend, clock: ManualClock, folder: URL
) async {
    let movieURL: URL = folder.appendingPathComponent("movie.mov")
    // An interruption ends a recording but keeps what was filmed.
    try? await service.startRecording(to: folder.appendingPathComponent("interrupted.mov"))
    clock.advance(by: 0.4)
    let kept: MovieResult? = await service.interruptionBegan()
    c.equal("an interruption keeps the recording so far", kept?.frameCount, 6)
    c.equal("interrupted", await service.state, .interrupted)
    c.equal("no recording while interrupted", await errorOf { try await service.startRecording(to: movieURL) }, .interrupted)
    await service.interruptionEnded()
    c.equal("running again after the interruption", await service.state, .running)

    await backend.failNext(with: .backend("sensor"))
    c.equal("a backend failure comes back as an error", await errorOf { try await service.startRecording(to: movieURL) }, .backend("sensor"))
    await service.runtimeError("lost")
    c.equal("a runtime error fails the session", await service.state, .failed(.backend("lost")))
}

private func serviceAccessChecks(_ c: Checker, clock: ManualClock, folder: URL) async {
    let photoURL: URL = folder.appendingPathComponent("photo.jpg")
    let deniedService: CaptureService = CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .notAsked, grantsRequests: false))
    c.equal("permission denied at the prompt", await deniedService.prepare(intent: .rear, mode: .photo), .denied)
    c.equal("denied: no photo", await errorOf { _ = try await deniedService.takePhoto(to: photoURL) }, .permissionDenied)
    let restrictedBackend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .restricted)
    let restricted: CameraAccess = await CaptureService(backend: restrictedBackend).prepare(intent: .rear, mode: .photo)
    let prompts: [MediaKind] = await restrictedBackend.requests
    c.check("restricted: reported, and no prompt shown", restricted == .restricted && prompts.isEmpty)
    let none: CaptureService = CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock, videoAccess: .noCamera))
    c.equal("no camera", await none.prepare(intent: .rear, mode: .photo), .noCamera)
    c.equal("no camera: no photo", await errorOf { _ = try await none.takePhoto(to: photoURL) }, .noCamera)
}

private func serviceEventChecks(_ c: Checker, clock: ManualClock) async {
    let events: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let listener: Task<BackendEvent?, Never> = Task {
        for await event in events.events {
            return event
        }
        return nil
    }
    await events.simulate(.interruptionBegan)
    c.equal("interruptions arrive as events", await listener.value, .interruptionBegan)
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
