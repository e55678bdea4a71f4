import Foundation
import Testing
@testable import __APP_NAME__

/// When the camera runs: not while the gallery covers the studio (the camera and, in video mode,
/// the microphone would run unseen, with the privacy indicator on), and again once it closes.
@Test("Camera under the gallery", .timeLimit(.minutes(3)))
func gallerySessionChecks() async {
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend),
        library: CaptureLibrary.open(folder: TestFolder.make("GallerySession")), clock: clock,
        options: LaunchOptions(arguments: ["-standIn"])
    )
    await store.start()
    let runsAtStart: Bool = await backend.isRunning
    #expect(runsAtStart && store.phase == .ready, "the camera runs while the studio shows")
    await store.galleryShown(true)
    let runsUnderGallery: Bool = await backend.isRunning
    #expect(!runsUnderGallery, "the camera stops while the gallery shows")
    // The system's reports go on arriving under the gallery; none may start the camera or
    // leave the studio saying it stopped.
    await store.handle(.interruptionBegan)
    await store.handle(.interruptionEnded)
    let runsAfterReports: Bool = await backend.isRunning
    #expect(!runsAfterReports && store.previewNotice?.title != PreviewNotice.stoppedTitle,
            "an interruption under the gallery neither starts the camera nor fails the studio — phase \(store.phase.name)")
    await store.galleryShown(false)
    let runsAfter: Bool = await backend.isRunning
    #expect(runsAfter && store.phase == .ready, "the camera runs again, ready, once the gallery closes — running \(runsAfter), phase \(store.phase.name)")
    store.pressShutter()
    await store.waitForWork()
    #expect(store.captures.first?.kind == .photo, "and takes a photo")
    await store.stop()
}
