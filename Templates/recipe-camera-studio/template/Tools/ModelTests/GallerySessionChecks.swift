import Foundation

/// When the camera runs: not while the gallery covers the studio (the camera and, in video mode,
/// the microphone would run unseen, with the privacy indicator on), and again once it closes.
func gallerySessionChecks(_ c: Checker) async {
    c.begin("Camera under the gallery")
    let clock: ManualClock = ManualClock()
    let backend: StandInBackend = StandInBackend(encoding: PortableStandInEncoding(), clock: clock)
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: backend),
        library: CaptureLibrary.open(folder: TestFolder.make("GallerySession")), clock: clock,
        options: LaunchOptions(arguments: ["-standIn"])
    )
    await store.start()
    let runsAtStart: Bool = await backend.isRunning
    c.check("the camera runs while the studio shows", runsAtStart && store.phase == .ready)
    await store.galleryShown(true)
    let runsUnderGallery: Bool = await backend.isRunning
    c.check("the camera stops while the gallery shows", !runsUnderGallery)
    // The system's reports go on arriving under the gallery; none may start the camera or
    // leave the studio saying it stopped.
    await store.handle(.interruptionBegan)
    await store.handle(.interruptionEnded)
    let runsAfterReports: Bool = await backend.isRunning
    c.check("an interruption under the gallery neither starts the camera nor fails the studio",
            !runsAfterReports && store.previewNotice?.title != PreviewNotice.stoppedTitle, "phase \(store.phase.name)")
    await store.galleryShown(false)
    let runsAfter: Bool = await backend.isRunning
    c.check("the camera runs again, ready, once the gallery closes", runsAfter && store.phase == .ready, "running \(runsAfter), phase \(store.phase.name)")
    store.pressShutter()
    await store.waitForWork()
    c.equal("and takes a photo", store.captures.first?.kind, .photo)
    await store.stop()
}
