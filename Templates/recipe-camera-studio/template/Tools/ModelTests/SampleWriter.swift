import Foundation

/// With `MODEL_TESTS_SAMPLES=<folder>`, leaves a stand-in photo and movie in that folder, with
/// the gallery index that records them, so standard tools (djpeg, ffprobe, QuickTime Player)
/// can check the files the app writes.
func writeSamples(to folder: URL) async -> Bool {
    let clock: ManualClock = ManualClock()
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: StandInBackend(clock: clock)),
        library: CaptureLibrary.open(folder: folder), clock: clock,
        options: LaunchOptions(arguments: ["-standIn", "-timer", "0"])
    )
    await store.start()
    store.pressShutter()
    await store.waitForWork()
    await store.setMode(.video)
    store.pressShutter()
    await store.waitForWork()
    clock.advance(by: 2)
    store.pressShutter()
    await store.waitForWork()
    await store.stop()
    return store.captures.count == 2
}
