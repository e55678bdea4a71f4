import Foundation
@testable import __APP_NAME__

/// With `MODEL_TESTS_SAMPLES=<folder>`, leaves a stand-in photo and movie in that folder, with
/// the gallery index that records them, so standard tools (djpeg, ffprobe, QuickTime Player)
/// can check the files the app writes. `reference-photo.ppm` holds the photo's exact pixels
/// (the test card's first frame) to compare a decoded photo with.
func writeSamples(to folder: URL) async -> Bool {
    let clock: ManualClock = ManualClock()
    let store: StudioStore = StudioStore(
        service: CaptureService(backend: StandInBackend(encoding: PortableStandInEncoding(), clock: clock)),
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
    let reference: RGBImage = StandInFrame(frameNumber: 0, width: AppFacts.photoWidth, height: AppFacts.photoHeight).render()
    let header: Data = Data("P6\n\(reference.width) \(reference.height)\n255\n".utf8)
    let written: Bool = (try? (header + Data(reference.bytes)).write(to: folder.appendingPathComponent("reference-photo.ppm"))) != nil
    return written && store.captures.count == 2
}
