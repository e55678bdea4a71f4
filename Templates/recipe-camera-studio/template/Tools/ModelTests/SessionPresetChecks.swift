import Foundation

/// The session preset each mode runs at: photos need `.photo` for the sensor's full 4:3 photo
/// (the default `.high` is a 16:9 video format), movies `.high`.
func sessionPresetChecks(_ c: Checker) async {
    c.begin("Session preset")
    c.equal("photo mode runs at the photo preset", CaptureMode.photo.sessionPreset, .photo)
    c.equal("video mode runs at the high preset", CaptureMode.video.sessionPreset, .high)

    // What the service hands the backend, on the stand-in camera.
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: ManualClock())
    let service: CaptureService = CaptureService(backend: backend)
    _ = await service.prepare(intent: .rear, mode: .photo)
    let atStart: SessionPreset? = await backend.configuration?.preset
    try? await service.setMode(.video)
    let inVideo: SessionPreset? = await backend.configuration?.preset
    try? await service.setMode(.photo)
    let backToPhoto: SessionPreset? = await backend.configuration?.preset
    c.equal("the session is configured at .photo, then .high for video, then .photo again", [atStart, inVideo, backToPhoto], [.photo, .high, .photo])
    await service.stop()
}
