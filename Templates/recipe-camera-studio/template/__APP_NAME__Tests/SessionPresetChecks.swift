import Foundation
import Testing
@testable import __APP_NAME__

/// The session preset each mode runs at: photos need `.photo` for the sensor's full 4:3 photo
/// (the default `.high` is a 16:9 video format), movies `.high`.
@Test("Session preset", .timeLimit(.minutes(3)))
func sessionPresetChecks() async {
    #expect(CaptureMode.photo.sessionPreset == .photo, "photo mode runs at the photo preset")
    #expect(CaptureMode.video.sessionPreset == .high, "video mode runs at the high preset")

    // What the service hands the backend, on the stand-in camera.
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: ManualClock())
    let service: CaptureService = CaptureService(backend: backend)
    _ = await service.prepare(intent: .rear, mode: .photo)
    let atStart: SessionPreset? = await backend.configuration?.preset
    try? await service.setMode(.video)
    let inVideo: SessionPreset? = await backend.configuration?.preset
    try? await service.setMode(.photo)
    let backToPhoto: SessionPreset? = await backend.configuration?.preset
    #expect([atStart, inVideo, backToPhoto] == [.photo, .high, .photo], "the session is configured at .photo, then .high for video, then .photo again")
    await service.stop()
}
