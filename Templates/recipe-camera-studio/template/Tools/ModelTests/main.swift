import Foundation

// The model tests: plain checks on the portable part of the app, compiled with the app's
// settings (Swift 6, main-actor default isolation) by Tools/run-model-tests.sh, which passes
// the arguments ModelTestRun reads.
//
// To add a check, write `c.check("what it shows", condition, "what was seen")` in the group's
// file (LayoutChecks.swift, GalleryChecks.swift, ...). A new model type goes in Model/, declared
// `nonisolated` and `Sendable` (a check enforces both), with a line in OffActorChecks.swift.

let run: ModelTestRun = ModelTestRun.fromCommandLine()
let checker: Checker = run.checker

layoutChecks(checker)
buttonPlacementChecks(checker)
pictureChecks(checker)
await timerChecks(checker)
accessChecks(checker)
cameraChecks(checker)
galleryChecks(checker)
idleTimerChecks(checker)
await sessionPresetChecks(checker)
await gallerySessionChecks(checker)
// Four lanes at once, printed in this order. The second and third spend their time in the
// stand-in camera's actors encoding frames, one actor each, so the two keep both cores busy;
// the first and last are plain work on the main actor, done while those lanes wait, a group
// at a time (`Task.yield()` lets a waiting lane carry on between groups).
await checker.concurrently(
    { c in
        await Task.yield()
        standInChecks(c)
        await Task.yield()
        jpegChecks(c)
        await Task.yield()
        shortcutChecks(c)
    },
    { c in
        await movieChecks(c)
        await serviceChecks(c)
        await storeChecks(c)
    },
    { c in
        await recoveryChecks(c)
    },
    { c in
        await Task.yield()
        launchChecks(c)
        await Task.yield()
        privacyChecks(c, project: run.project, appFolder: run.appFolder)
        await Task.yield()
        // A clock conforms to StudioClock, a Sendable protocol.
        modelSourceChecks(c, appFolder: run.appFolder) { $0.contains(": StudioClock") }
    }
)
checker.begin("Off the main actor")
checker.record(await offActorChecks(folder: TestFolder.make("OffActor")))
TestFolder.removeAll()
if let samples = ProcessInfo.processInfo.environment["MODEL_TESTS_SAMPLES"], !samples.isEmpty {
    let written: Bool = await writeSamples(to: URL(fileURLWithPath: samples, isDirectory: true))
    print(written ? "Stand-in samples written to \(samples)" : "Could not write the stand-in samples to \(samples)")
}
run.finish(pictures: pictureFiles)
